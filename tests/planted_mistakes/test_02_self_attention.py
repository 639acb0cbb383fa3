"""Planted mistakes for chapter 2 (book/02_self_attention.ipynb): each must be caught by one
of the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "02_self_attention.ipynb"

MODULE_SCORES = "scores = Q @ K.transpose(-2, -1) / math.sqrt(self.d_k)  # (batch, n, n)"

MISTAKES = [
    Planted(
        line="weights = scores.softmax(dim=-1)  # (..., n, n)",
        wrong="weights = scores.softmax(dim=-2)  # (..., n, n)",
        why="softmax(XXᵀ) over the columns: the scores are symmetric, so it looks plausible",
    ),
    Planted(
        line='return S.masked_fill(eye, float("-inf")).argmax(dim=-1)  # (..., n)',
        wrong="return S.argmax(dim=-1)  # (..., n)",
        why="favourites taken over the whole row, so a token can be its own favourite",
    ),
    Planted(
        line="weights3 = scores3.softmax(dim=-1)  # (3, 3)",
        wrong="weights3 = scores3.softmax(dim=0)  # (3, 3)",
        why="the worked example normalised down each column (dim=0) instead of each row",
    ),
    Planted(
        line="weights = scores.softmax(dim=-1)  # (batch, n, n), each row sums to 1",
        wrong="weights = scores.softmax(dim=1)  # (batch, n, n), each row sums to 1",
        why="dim=1 taken for 'the rows', which with a batch axis is the query axis",
    ),
    Planted(
        line=MODULE_SCORES,
        wrong="scores = Q @ K.transpose(-2, -1) / math.sqrt(self.d_model)  # (batch, n, n)",
        why="scaling by the model width instead of the query/key width d_k",
    ),
    Planted(
        line=MODULE_SCORES,
        wrong="scores = Q @ K.transpose(-2, -1)  # (batch, n, n)",
        why="the 1/√d_k scale forgotten, as in the parameter-free version",
    ),
    Planted(
        line="scores_sq = Qs @ Ks.transpose(-2, -1)  # (batch, n, n)",
        wrong="scores_sq = Qs @ Ks.transpose(0, 1)  # (batch, n, n)",
        why="transpose(0, 1) from single-sequence code, on a batch whose sizes all match",
    ),
    Planted(
        line="weights_ok = scores_one.softmax(dim=-1)  # (1, n, n)",
        wrong="weights_ok = scores_one.softmax(dim=0)  # (1, n, n)",
        why="softmax over the batch axis of a batch of one: every weight becomes 1",
    ),
    Planted(
        line='kl_plain = F.kl_div(weights_plain.log(), target, reduction="batchmean").item()',
        wrong='kl_plain = F.kl_div(weights_plain.log(), target, reduction="mean").item()',
        why="F.kl_div with reduction='mean', which divides by n² entries, not n rows",
    ),
    Planted(
        line="kl_emb = kl_rows.mean(dim=-1)  # (seeds,)",
        wrong="kl_emb = kl_rows.sum(dim=-1)  # (seeds,)",
        why="a sum over the rows where the divergence is their mean",
    ),
    Planted(
        line="return weights.diagonal(dim1=-2, dim2=-1).mean().item()",
        wrong="return weights.diagonal().mean().item()",
        why="diagonal() without dims takes axes 0 and 1, the batch and the queries",
    ),
    Planted(
        line="Q, K, V = X @ W_q, X @ W_k, X @ W_v  # (n, d_k), (n, d_k), (n, d_v)",
        wrong="Q, K, V = X @ W_q, X @ W_q, X @ W_v  # (n, d_k), (n, d_k), (n, d_v)",
        why="a copy-paste slip that ties the keys to the query projection",
    ),
    Planted(
        line="products = (A_any * A_any.transpose(-2, -1))[:, off_diag]  # (2000, 56): a_ij · a_ji",
        wrong="products = (A_any * A_any.transpose(-2, -1)).flatten(-2)  # (2000, 64): a_ij · a_ji",
        why="a_ij · a_ji taken over the whole matrix, where the diagonal a_ii² can exceed 1/4",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
