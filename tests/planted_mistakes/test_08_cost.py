"""Planted mistakes for chapter 8 (book/08_cost.ipynb): each must be caught by one of
the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "08_cost.ipynb"

MISTAKES = [
    Planted(
        line="    return F.elu(x) + 1  # positive features",
        wrong="    return F.elu(x)  # features that can be negative",
        why="linear attention without the +1: weights can be negative, the measured "
        "price (nearly uniform weights) no longer holds",
    ),
    Planted(
        line="l = l * torch.exp(m - m_new) + torch.exp(block - m_new).sum(-1, keepdim=True)",
        wrong="l = l + torch.exp(block - m_new).sum(-1, keepdim=True)",
        why="online softmax: the old sum is not rescaled when the running max grows",
    ),
    Planted(
        line="m = m_new",
        wrong="pass  # the running max is never updated",
        why="online softmax: the running max is computed but never stored",
    ),
    Planted(
        line="m_new = torch.maximum(m, block.amax(dim=-1, keepdim=True))  # (..., 1)",
        wrong="m_new = block.amax(dim=-1, keepdim=True)  # (..., 1)",
        why="online softmax: the max of the current chunk only, not the running max",
    ),
    Planted(
        line="o = o * rescale + p @ v  # (..., b_q, d_v)",
        wrong="o = o + p @ v  # (..., b_q, d_v)",
        why="tiled attention: the running output is not rescaled, only the running sum",
    ),
    Planted(
        line="m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))  # (..., b_q, 1)",
        wrong="m_new = s.amax(dim=-1, keepdim=True)  # (..., b_q, 1)",
        why="tiled attention: the tile's max replaces the running max (exact until "
        "exp overflows)",
    ),
    Planted(
        line="if causal and j0 > i0 + b_q - 1:",
        wrong="if causal and j0 + block_k <= i0:",
        why="causal tiles skipped on the wrong side: the blocks below the diagonal",
    ),
    Planted(
        line="if causal and j0 > i0 + b_q - 1:",
        wrong="if causal and j0 > i0:",
        why="causal skip compares with the block's first query instead of its last",
    ),
    Planted(
        line="if causal and j0 > i0 + b_q - 1:",
        wrong="if causal and j0 > i0 + b_q:",
        why="off by one in the skip: a tile wholly above the diagonal is computed",
    ),
    Planted(
        line="ok = cols <= rows  # (b_q, b_k): key j at or before query i",
        wrong="ok = cols < rows  # (b_q, b_k): key j at or before query i",
        why="causal mask off by one on the diagonal: a token may not see itself",
    ),
    Planted(
        line="n_q, scale = Q.shape[-2], 1 / math.sqrt(Q.shape[-1])",
        wrong="n_q, scale = Q.shape[-2], 1 / Q.shape[-1]",
        why="scores divided by d_k instead of its square root",
    ),
    Planted(
        line="if not isinstance(b, int) or b <= 0:",
        wrong="if not isinstance(b, int) or b < 0:",
        why="block size 0 let through (range() then fails with a message that names "
        "nothing of ours)",
    ),
    Planted(
        line="real = first + torch.arange(window, device=Q.device) >= 0  # (n, window)",
        wrong="real = first + torch.arange(window, device=Q.device) > 0  # (n, window)",
        why="sliding window: the first key is treated as padding",
    ),
    Planted(
        line="return float((lx * ly).sum() / (lx * lx).sum())",
        wrong="return float((lx * ly).sum() / (ly * ly).sum())",
        why="log-log slope fitted the wrong way round (x on y): 1/2 instead of 2",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
