"""Planted mistakes for the appendix "Common mistakes" (book/common_mistakes.ipynb).

Every mistake the page shows is planted here in the page's *fixed* code: the page's own
check for that mistake must then stop the run (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "common_mistakes.ipynb"

MISTAKES = [
    Planted(
        line="weights_right = torch.softmax(scores, dim=-1)  # (4, 4): each query's row sums to 1",
        wrong="weights_right = torch.softmax(scores, dim=0)  # (4, 4)",
        why="softmax over the queries: dim=0 runs without error on a square matrix",
    ),
    Planted(
        line="scores_right = qh @ kh.transpose(-2, -1) / math.sqrt(d_k)  # (2, 4, 5, 5) per head",
        wrong="scores_right = qh @ kh.transpose(-2, -1) / math.sqrt(d_model)",
        why="scaling by the model width instead of one head's width",
    ),
    Planted(
        line="scores_right = qh @ kh.transpose(-2, -1) / math.sqrt(d_k)  # (2, 4, 5, 5) per head",
        wrong="scores_right = qh @ kh.transpose(-2, -1)",
        why="forgetting the 1/sqrt(d_k) scale",
    ),
    Planted(
        line="scores_t = qb @ kb.transpose(-2, -1) / math.sqrt(4)   # (batch, n_q, n_k) = (4, 4, 4)",
        wrong="scores_t = qb @ kb.transpose(0, 1) / math.sqrt(4)",
        why="transpose(0, 1), right for one sequence, swaps batch and tokens on a batch",
    ),
    Planted(
        line="heads_right = x_split.view(2, 5, 4, 8).transpose(1, 2)  # (batch, h, n, d_k)",
        wrong="heads_right = x_split.view(2, 4, 5, 8)",
        why="view straight to (batch, h, n, d_k) instead of view then transpose",
    ),
    Planted(
        line="sdpa_causal = lambda x: F.scaled_dot_product_attention(x, x, x, attn_mask=~future)",
        wrong="sdpa_causal = lambda x: F.scaled_dot_product_attention(x, x, x, attn_mask=future)",
        why="a 'True = blocked' mask, as nn.MultiheadAttention wants, passed to SDPA",
    ),
    Planted(
        line="mha_causal = lambda x: mha(x, x, x, attn_mask=future, need_weights=False)[0]",
        wrong="mha_causal = lambda x: mha(x, x, x, attn_mask=~future, need_weights=False)[0]",
        why="a 'True = attend' mask, as SDPA wants, passed to nn.MultiheadAttention",
    ),
    Planted(
        line='additive = torch.zeros(3, 4).to(device).masked_fill(~keep, float("-inf"))  # (3, 4)',
        wrong="additive = keep.float()",
        why="a 0/1 float mask, added to the scores, masks nothing",
    ),
    Planted(
        line="fill = torch.finfo(scores7.dtype).min  # -3.4e38 in float32",
        wrong="fill = -1e4",
        why="a 'large negative' fill that real scores can fall below",
    ),
    Planted(
        line="mha_batch_first = torch.nn.MultiheadAttention(8, 2, batch_first=True).to(device)",
        wrong="mha_batch_first = torch.nn.MultiheadAttention(8, 2).to(device)",
        why="batch_first left at its default False with batch-first tensors",
    ),
    Planted(
        line="out_masked = F.scaled_dot_product_attention(padded, padded, padded, attn_mask=real_keys)",
        wrong="out_masked = F.scaled_dot_product_attention(padded, padded, padded)",
        why="forgetting the padding mask",
    ),
    Planted(
        line="scores = scores.masked_fill(~has_key, 0.0)                   # no -inf-only rows",
        wrong="scores = scores",
        why="filling with -inf and leaving rows that have no key at all (0/0 = NaN)",
    ),
    Planted(
        line="blocked_future = torch.triu(ones, diagonal=1)        # strictly above the diagonal",
        wrong="blocked_future = torch.triu(ones, diagonal=2)",
        why="causal diagonal off by one: the next token leaks",
    ),
    Planted(
        line="blocked_future = torch.triu(ones, diagonal=1)        # strictly above the diagonal",
        wrong="blocked_future = torch.triu(ones, diagonal=0)",
        why="causal diagonal off by one the other way: a token cannot see itself",
    ),
    Planted(
        line="mha_dropout.eval()                                   # dropout off",
        wrong="mha_dropout.train()",
        why="attention dropout left on at evaluation",
    ),
    Planted(
        line="per_row = S2.exp() / S2.exp().sum(dim=-1, keepdim=True)  # (2, 2) each row on its own",
        wrong="per_row = S2.exp() / S2.exp().sum()",
        why="tutorial error: normalising over all four scores of a 2x2 matrix",
    ),
    Planted(
        line="weights3 = torch.softmax(X3 @ X3.transpose(-2, -1) / math.sqrt(2), dim=-1)  # (3, 3)",
        wrong="weights3 = torch.softmax(X3 @ X3.transpose(-2, -1) / math.sqrt(2), dim=0)",
        why="tutorial error: weights summed down the columns of the three-token example",
    ),
    Planted(
        line="weights3 = torch.softmax(X3 @ X3.transpose(-2, -1) / math.sqrt(2), dim=-1)  # (3, 3)",
        wrong="weights3 = torch.softmax(X3 @ X3.transpose(0, 1), dim=-1)",
        why="tutorial error: the three-token example's code without the 1/sqrt(d_k)",
    ),
    Planted(
        line="assert (a < r) == (n < d) and (a == r) == (n == d)",
        wrong="assert (a < r) == (n > d)",
        why="tutorial error: 'attention is cheaper because d > n', the condition reversed",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
