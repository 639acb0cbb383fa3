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
    Planted(
        line="return Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])  # (..., n_q, n_k)",
        wrong="return Q @ K.transpose(-2, -1) / Q.shape[-1]  # (..., n_q, n_k)",
        why="scaling the dot product by d_k instead of its square root",
    ),
    Planted(
        line="scores = keys @ query / temperature  # (n_k,)",
        wrong="scores = keys @ query * temperature  # (n_k,)",
        why="multiplying the scores by the temperature instead of dividing",
    ),
    Planted(
        line="scores = score_fn(Q, K) / temperature  # (..., n_q, n_k)",
        wrong="scores = score_fn(Q, K) * temperature  # (..., n_q, n_k)",
        why="multiplying by the temperature in the many-query attention function",
    ),
    Planted(
        line="e_s = torch.exp(s - s.max())  # (n_k,) every entry in (0, 1]",
        wrong="e_s = torch.exp(s - s.min())  # (n_k,) every entry in (0, 1]",
        why="subtracting the smallest score, so the largest exponent still overflows",
    ),
    Planted(
        line="Q_unit = Q / Q.norm(dim=-1, keepdim=True).clamp_min(eps)",
        wrong="Q_unit = Q / Q.norm(dim=-2, keepdim=True).clamp_min(eps)",
        why="normalising the columns of Q (over the queries) instead of each query's row",
    ),
    Planted(
        line="k_hid = self.W_2(K).unsqueeze(-3)  # (..., 1, n_k, d_hidden)",
        wrong="k_hid = self.W_1(K).unsqueeze(-3)  # (..., 1, n_k, d_hidden)",
        why="copy-paste: projecting the keys with the queries' matrix W_1",
    ),
    Planted(
        line="scores = -((q[:, None] - x[None, :]) ** 2) / (2 * sigma**2)  # (n_q, n)",
        wrong="scores = -((q[:, None] - x[None, :]) ** 2) / sigma**2  # (n_q, n)",
        why="forgetting the 2 in 2 sigma^2 of the Gaussian kernel",
    ),
    Planted(
        line='scores = scores.masked_fill(own_key, float("-inf"))  # (n, n) no looking at itself',
        wrong='scores = scores.masked_fill(~own_key, float("-inf"))  # (n, n)',
        why="a mask with the wrong polarity: hiding every key but the query's own",
    ),
    Planted(
        line='scores = scores.masked_fill(own_key, float("-inf"))  # (n, n) no looking at itself',
        wrong="scores = scores.masked_fill(own_key, 0.0)  # (n, n)",
        why="masking with a score of 0, which is the largest Gaussian score, not -inf",
    ),
    Planted(
        line="grad_closed = ((alpha * (values64 - z)).unsqueeze(1) * keys64).sum(dim=0)  # (d_k,)",
        wrong="grad_closed = ((alpha * (values64 - z)).unsqueeze(1) * keys64).mean(dim=0)",
        why="a mean over the keys where the gradient formula has a sum",
    ),
    Planted(
        line="theta = (s_sorted[:m].sum() - 1) / m",
        wrong="theta = (s_sorted[:m].sum() - 1) / (m + 1)",
        why="an off-by-one in sparsemax's count of kept scores",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
