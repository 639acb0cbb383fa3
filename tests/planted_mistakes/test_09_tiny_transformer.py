"""Planted mistakes for chapter 9 (book/09_tiny_transformer.ipynb): each must be caught
by one of the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "09_tiny_transformer.ipynb"

MISTAKES = [
    Planted(
        line="return x.transpose(1, 2).reshape(batch, n, h * d_k)  # (batch, n, d_model)",
        wrong="return x.reshape(batch, n, h * d_k)  # (batch, n, d_model)",
        why="heads merged without moving the head axis back: the reshape interleaves "
        "tokens and heads",
    ),
    Planted(
        line="x = x + a  # (batch, n, d_model): the stream plus what attention read",
        wrong="x = a  # (batch, n, d_model): the stream plus what attention read",
        why="residual dropped: the attention output replaces the stream instead of "
        "being added to it",
    ),
    Planted(
        line="x = x + self.ffn(self.ln2(x))  # (batch, n, d_model)",
        wrong="x = self.ffn(self.ln2(x))  # (batch, n, d_model)",
        why="residual dropped around the feed-forward layer",
    ),
    Planted(
        line="a, weights = self.attn(self.ln1(x), cache)  # (batch, n, d_model), weights",
        wrong="a, weights = self.attn(x, cache)  # (batch, n, d_model), weights",
        why="the pre-norm forgotten: attention reads the raw stream",
    ),
    Planted(
        line="scores = scores + causal_bias(Q.shape[2], K.shape[2], x.device)  # same shape",
        wrong="scores = scores  # same shape: the causal mask left out",
        why="causal mask off: every token sees the future",
    ),
    Planted(
        line="future = future.triu(n_k - n_q + 1)  # True for the keys after each query",
        wrong="future = future.triu(n_k - n_q)  # True for the keys after each query",
        why="off-by-one in the causal mask's diagonal: a token may not see itself",
    ),
    Planted(
        line="scores = Q @ K.transpose(-2, -1) / math.sqrt(self.d_k)  # (batch, h, n_q, n_k)",
        wrong="scores = Q @ K.transpose(-2, -1) / math.sqrt(self.num_heads * self.d_k)",
        why="scaling by the model width d_model instead of the head width d_k",
    ),
    Planted(
        line="logits = model(tokens)[0][:, :-1]  # [0]: logits (64, 23, V); [1]: weights",
        wrong="logits = model(tokens)[0][:, 1:]  # (64, 23, V): misaligned by one",
        why="logits and targets misaligned: position t+1 is trained to output its own "
        "token",
    ),
    Planted(
        line="after_copy = in_repeat & (j >= 1) & (j <= t) & ((t + 1 - j) % L == 0)"
        "  # (B, N, N)",
        wrong="after_copy = in_repeat & (j >= 1) & (j <= t) & ((t - j) % L == 0)",
        why="induction score on the wrong offset: the earlier occurrence itself, not "
        "the token after it",
    ),
    Planted(
        line="previous.append(w[:, :, i, i - 1].mean(dim=(0, 2)))  # (h,)",
        wrong="previous.append(w[:, :, i, i].mean(dim=(0, 2)))  # (h,)",
        why="previous-token score read on the diagonal (the token itself)",
    ),
    Planted(
        line="logits = model(new, caches, start=seen)[0][:, -1]  # (1, V)",
        wrong="logits = model(new, caches)[0][:, -1]  # (1, V)",
        why="KV cache used but the new token's position not passed: every new token "
        "gets position 0",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
