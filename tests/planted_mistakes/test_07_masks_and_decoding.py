"""Planted mistakes for chapter 7 (book/07_masks_and_decoding.ipynb): each must be caught
by one of the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "07_masks_and_decoding.ipynb"

MISTAKES = [
    Planted(
        line='scores = scores.masked_fill(~allowed, float("-inf"))  # (..., n_q, n_k)',
        wrong='scores = scores.masked_fill(allowed, float("-inf"))  # (..., n_q, n_k)',
        why="mask polarity flipped: True read as 'block', as nn.MultiheadAttention does",
    ),
    Planted(
        line='scores = scores.masked_fill(~allowed, float("-inf"))  # (..., n_q, n_k)',
        wrong="scores = scores.masked_fill(~allowed, -1e4)  # (..., n_q, n_k)",
        why="a finite fill of -1e4, which leaks once the real scores fall below it",
    ),
    Planted(
        line="return torch.ones(n_q, n_k, dtype=torch.bool).tril(n_k - n_q)  # (n_q, n_k)",
        wrong="return torch.ones(n_q, n_k, dtype=torch.bool).tril(n_k - n_q + 1)  # (n_q, n_k)",
        why="causal diagonal off by one: each token also sees the next one",
    ),
    Planted(
        line="self.k[layer] = torch.cat([self.k[layer], k], dim=2)  # (batch, h, t+m, d_k)",
        wrong="self.k[layer] = torch.cat([self.k[layer], k], dim=1)  # (batch, h, t+m, d_k)",
        why="cache appended on the wrong axis (dim=1, as for (batch, n, d) tensors)",
    ),
    Planted(
        line="for part in qkv(x).chunk(3, dim=-1))",
        wrong="for part in qkv(self.tok(ids) + self.pos(positions)).chunk(3, dim=-1))",
        why="every layer projects the embeddings instead of the previous layer's output, "
        "so layer 2's keys no longer depend on earlier tokens",
        everywhere=True,
    ),
    Planted(
        line="start = 0 if cache is None else cache.length",
        wrong="start = 0",
        why="positions restart at 0 for each cached step instead of continuing",
    ),
    Planted(
        line="scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])  # (..., n_q, n_k)",
        wrong="scores = Q @ K.transpose(-2, -1)  # (..., n_q, n_k)",
        why="the 1/sqrt(d_k) scale forgotten when rewriting attention with a mask",
    ),
    Planted(
        line="key_is_real = is_real[:, None, :]  # (2, 1, 6): the same key mask for every query",
        wrong="key_is_real = is_real[:, :, None]  # (2, 1, 6): the same key mask for every query",
        why="padding mask broadcast over the keys instead of the queries (rows, not columns)",
    ),
    Planted(
        line="masked_mean = (loss_padded * is_real).sum() / is_real.sum()  # over the 9 real tokens",
        wrong="masked_mean = loss_padded.mean()  # over the 9 real tokens",
        why="the loss averaged over pad positions too",
    ),
    Planted(
        line="K = K.repeat_interleave(h // g, dim=1)  # (batch, h, n_k, d_k): i reads i // (h/g)",
        wrong="K = K.repeat(1, h // g, 1, 1)  # (batch, h, n_k, d_k): i reads i // (h/g)",
        why="repeat instead of repeat_interleave: query heads paired with the wrong K group",
    ),
    Planted(
        line="allowed = causal_mask(m, start + m).to(ids.device)  # (m, start + m): newest m",
        wrong="allowed = torch.ones(m, start + m, dtype=torch.bool).tril().to(ids.device)",
        why="a top-left causal mask with a cache, as SDPA's is_causal builds it",
    ),
    Planted(
        line="cache.update(0, K8, V8)  # what the grouped layer's projections produce",
        wrong="cache.update(0, K8.repeat_interleave(8 // g, dim=1), V8.repeat_interleave(8 // g, dim=1))",
        why="caching keys and values after repeating them for every query head: no saving",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
