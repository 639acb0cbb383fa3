"""Planted mistakes for chapter 4 (book/04_order.ipynb): each must be caught
by one of the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "04_order.ipynb"

MISTAKES = [
    Planted(
        line="P = torch.eye(n)[perm].to(device)                          # row i: row perm[i] of I",
        wrong="P = torch.eye(n)[:, perm].to(device)",
        why="the permutation matrix built from columns, so it is Pᵀ: PX is not X[perm]",
    ),
    Planted(
        line="moved_mask = self_attention_dropout(P6 @ X, W_q, W_k, W_v, P6 @ keep @ P6.T)",
        wrong="moved_mask = self_attention_dropout(P6 @ X, W_q, W_k, W_v, P6.T @ keep @ P6)",
        why="the dropout mask moved the wrong way round, Pᵀ D P instead of P D Pᵀ",
    ),
    Planted(
        line="return t.transpose(1, 2).reshape(b, n, h * d_k)",
        wrong="return t.reshape(b, n, h * d_k)",
        why="heads merged without moving the head axis back: rows of different tokens mixed",
    ),
    Planted(
        line="pooled = out_12.mean(dim=1)                             # (2, d_layer)",
        wrong="pooled = out_12.mean(dim=2)",
        why="pooling over the features instead of the tokens, which keeps the order",
    ),
    Planted(
        line="a_closed = s_0.exp() / (s_0.exp() + i * s_t.exp())           # (6,)",
        wrong="a_closed = s_0.exp() / (s_0.exp() + (i + 1) * s_t.exp())",
        why="copy i counted as seeing i + 1 copies of t (off by one)",
    ),
    Planted(
        line="twin[rows, j], twin[rows, j + 1] = srt[rows, j + 1], srt[rows, j]",
        wrong="twin[rows, j], twin[rows, j + 1] = srt[rows, j], srt[rows, j + 1]",
        why="the twin's pair not swapped, so every twin is sorted too",
    ),
    Planted(
        line="attended, _ = self.attn(x, causal=self.causal)",
        wrong="attended, _ = self.attn(x)",
        why="the tiny model's causal flag ignored: the 'causal' model is bidirectional",
    ),
    Planted(
        line="return self.head(x.mean(dim=1)).squeeze(-1)      # (batch,)",
        wrong="return self.head(x[:, -1]).squeeze(-1)",
        why="the logit read from the last token instead of the mean over tokens",
    ),
    Planted(
        line="future = torch.ones(n_q, n_k, dtype=torch.bool, device=q.device).triu(1)",
        wrong="future = torch.ones(n_q, n_k, dtype=torch.bool, device=q.device).triu(0)",
        why="causal mask off by one: it also hides each token from itself",
    ),
    Planted(
        line="keep &= ~torch.isin(digit_key(srt), held_out)                 # (pairs,)",
        wrong="keep &= torch.isin(digit_key(srt), held_out)",
        why="held-out filter without its negation: trains on the test multisets only",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
