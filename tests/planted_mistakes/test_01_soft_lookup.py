"""Planted mistakes for chapter 1 (book/01_soft_lookup.ipynb): each must be caught by one
of the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "01_soft_lookup.ipynb"

MISTAKES = [
    Planted(
        line="weights = torch.softmax(scores, dim=-1)  # (..., n_q, n_k) each row sums to 1",
        wrong="weights = torch.softmax(scores, dim=-2)  # (..., n_q, n_k) each row sums to 1",
        why="softmax over the queries (columns) instead of over the keys of each row",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
