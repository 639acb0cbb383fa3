"""Planted mistakes for chapter 3 (book/03_scaling.ipynb): each must be caught by one of
the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "03_scaling.ipynb"

MISTAKES = [
    Planted(
        line="return Q @ K.transpose(-2, -1) / math.sqrt(d_k)  # (..., n_q, n_k)",
        wrong="return Q @ K.transpose(-2, -1)  # (..., n_q, n_k)",
        why="leaves out the division altogether, as dot-product attention did before 2017",
    ),
    Planted(
        line="return Q @ K.transpose(-2, -1) / math.sqrt(d_k)  # (..., n_q, n_k)",
        wrong="return Q @ K.transpose(-2, -1) / d_k  # (..., n_q, n_k)",
        why="divides by d_k 'to be safe', which makes the variance 1/d_k, not 1",
    ),
    Planted(
        line="return Q @ K.transpose(-2, -1) / math.sqrt(d_k)  # (..., n_q, n_k)",
        wrong="return Q @ K.transpose(-2, -1) / math.sqrt(d_model)  # (..., n_q, n_k)",
        why="divides by the model width instead of the head width (a bug that shipped "
        "in a well-known lecture notebook)",
    ),
    Planted(
        line="d_k = Q.shape[-1]  # the width of one query, not the number of queries",
        wrong="d_k = Q.shape[-2]  # the width of one query, not the number of queries",
        why="reads the number of queries instead of their width from the shape",
    ),
    Planted(
        line="A_scaled = scaled_scores(Q, K).softmax(dim=-1)  # (n, n) each row sums to 1",
        wrong="A_scaled = scaled_scores(Q, K).softmax(dim=0)  # (n, n) each row sums to 1",
        why="softmax over the queries (down the columns) instead of over the keys",
    ),
    Planted(
        line="return -(scores.softmax(-1) * scores.log_softmax(-1)).sum(-1)",
        wrong="return -(scores.softmax(-1) * scores.softmax(-1).log2()).sum(-1)",
        why="entropy in bits (log base 2), where the chapter's nats and ln 16 need natural logs",
    ),
    Planted(
        line="return (deviations**2).sum(-1) / (N - 1)  # (...,)",
        wrong="return (deviations**2).sum(-1) / N  # (...,)",
        why="the biased sample variance (divide by N), the first formula most readers "
        "remember",
    ),
    Planted(
        line="split = d_k * EY4 + 3 * d_k * (d_k - 1) * EY2**2",
        wrong="split = d_k * EY4 + d_k * (d_k - 1) * EY2**2",
        why="counts each way of pairing four indices once instead of three times",
    ),
    Planted(
        line="J_formula = torch.diag(p) - torch.outer(p, p)  # (n_k, n_k)",
        wrong="J_formula = torch.diag(p) + torch.outer(p, p)  # (n_k, n_k)",
        why="a sign slip in the quotient rule",
    ),
    Planted(
        line="W = torch.randn(2, seeds, d_model, d_k, generator=g) / math.sqrt(d_model)",
        wrong="W = torch.randn(2, seeds, d_model, d_k, generator=g) / d_model",
        why="uses 1/fan-in as the standard deviation instead of the variance",
    ),
    Planted(
        line="p -= lr * m_hat / (v_hat.sqrt() + eps)",
        wrong="p -= lr * m_hat / (v_hat + eps)",
        why="divides Adam's step by the mean squared gradient, not by its square root",
    ),
    Planted(
        line="return x.view(batch, n, num_heads, d_model // num_heads).transpose(1, 2)",
        wrong="return x.view(batch, num_heads, n, d_model // num_heads)",
        why="views the heads in the order wanted at the end, skipping the transpose",
    ),
    Planted(
        line="glorot = 2 / (fan_in + fan_out)  # Glorot's variance for the packed matrix",
        wrong="glorot = 1 / fan_in  # Glorot's variance for the packed matrix",
        why="assumes PyTorch's attention initialises like LeCun (variance 1/fan-in)",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
