"""Planted mistakes for chapter 6 (book/06_multi_head.ipynb): each must be caught by one
of the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "06_multi_head.ipynb"

MISTAKES = [
    Planted(
        line="for layer, b in zip(projections, (b_q, b_k, b_v)):",
        wrong="for layer, b in zip(projections, (b_k, b_q, b_v)):",
        why="q/k/v bias chunks swapped when copying PyTorch's packed in_proj_bias",
    ),
    Planted(
        line="x = x.view(batch, n, num_heads, d_model // num_heads)  # (batch, n, h, d_k)",
        wrong="return x.view(batch, num_heads, n, d_model // num_heads)  # bare view",
        why="split heads with a view straight to (batch, h, n, d_k), no transpose",
    ),
    Planted(
        line="return x.transpose(1, 2).reshape(batch, n, h * d_k)  # (batch, n, d_model)",
        wrong="return x.reshape(batch, n, h * d_k)  # (batch, n, d_model)",
        why="merge heads by reshaping without transposing back",
    ),
    Planted(
        line="self.scale = 1 / math.sqrt(self.d_k)  # the head's width, not d_model",
        wrong="self.scale = 1 / math.sqrt(d_model)  # the model's width",
        why="scaling the scores by sqrt(d_model) instead of the head's sqrt(d_k)",
    ),
    Planted(
        line='return zeros.masked_fill(mask, float("-inf"))  # same shape as mask',
        wrong='return zeros.masked_fill(~mask, float("-inf"))  # same shape as mask',
        why="boolean mask read with the wrong polarity (True = may attend, as in SDPA)",
    ),
    Planted(
        line="layer.weight.copy_(W)  # both are stored (out, in): no transpose",
        wrong="layer.weight.copy_(W.T)  # the paper's W, (in, out)",
        why="copying the paper's W^Q where nn.Linear stores its transpose",
    ),
    Planted(
        line="weights = scores.softmax(dim=-1)  # (..., n_q, n_k): one distribution per query",
        wrong="weights = scores.softmax(dim=-2)  # (..., n_q, n_k): one distribution per query",
        why="softmax over the queries (columns) instead of over each query's keys",
    ),
    Planted(
        line="pad = pad.view(batch, 1, 1, n_k)  # the same for every head and query",
        wrong="pad = pad  # (batch, n_k), added to the scores as it is",
        why="padding mask added without a reshape; silent when n_q = 1 or batch = n_q",
    ),
    Planted(
        line="K = split_heads(self.k_proj(key), self.num_heads)  # (batch, h, n_k, d_k)",
        wrong="K = split_heads(self.k_proj(value), self.num_heads)  # (batch, h, n_k, d_k)",
        why="keys projected from the value input; invisible while key is value",
    ),
    Planted(
        line="p = self.dropout if self.training else 0.0  # dropout only while training",
        wrong="p = self.dropout  # dropout always",
        why="attention dropout left on in eval() mode",
    ),
    Planted(
        line="mask_3d = per_seq.repeat_interleave(2, dim=0)  # (batch*h, 6, 6): row b*h+i -> seq b",
        wrong="mask_3d = per_seq.repeat(2, 1, 1)  # (batch*h, 6, 6)",
        why="per-sequence 3-D mask expanded with repeat instead of repeat_interleave(h)",
    ),
    Planted(
        line="bias = bias.reshape(batch, h, n_q, n_k)  # row b*h + i is sequence b, head i",
        wrong="bias = bias.reshape(h, batch, n_q, n_k).transpose(0, 1)  # head-major",
        why="3-D per-head mask read head-major instead of PyTorch's b*h + i order",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
