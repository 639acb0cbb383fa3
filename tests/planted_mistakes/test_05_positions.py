"""Planted mistakes for chapter 5 (book/05_positions.ipynb): each must be caught
by one of the chapter's own visible checks (see tests/planting.py)."""

from planting import Planted, planted_mistake_tests

NOTEBOOK = "05_positions.ipynb"

MISTAKES = [
    Planted(
        line="pe[:, 0::2], pe[:, 1::2] = torch.sin(angles), torch.cos(angles)",
        wrong="pe[:, 0::2], pe[:, 1::2] = torch.cos(angles), torch.sin(angles)",
        why="sin and cos swapped: cosine on the even dimensions, sine on the odd ones",
    ),
    Planted(
        line="return 10000.0 ** (-torch.arange(0, d, 2, dtype=dtype, device=device) / d)"
        "  # (d/2,)",
        wrong="return 10000.0 ** (-torch.arange(0, d // 2, dtype=dtype, device=device) / d)",
        why="frequency exponent i/d instead of 2i/d (counting pairs, not dimensions)",
    ),
    Planted(
        line="R[e, e], R[e, e + 1], R[e + 1, e], R[e + 1, e + 1] = cos, sin, -sin, cos",
        wrong="R[e, e], R[e, e + 1], R[e + 1, e], R[e + 1, e + 1] = cos, -sin, sin, cos",
        why="the shift matrix written as the textbook rotation, ignoring the (sin, cos) order",
    ),
    Planted(
        line="U = torch.linalg.qr(pe_16[:8].T).Q"
        "  # (64, 8): perpendicular unit vectors, same span",
        wrong="U = pe_16[:8].T",
        why="PE(0..7) used as the span's basis as they are, not made perpendicular first, "
        "so U @ U.T is no projection",
    ),
    Planted(
        line="U_32 = torch.linalg.qr(pe_32[:8].T).Q"
        "                     # (32, 8)",
        wrong="U_32 = pe_32[:8].T",
        why="the same slip at the models' width: PE(0..7) not made perpendicular, so the "
        "printed shares outside their span are wrong",
    ),
    Planted(
        line="only_new = torch.eye(d_pe, dtype=torch.float64, device=device) - U @ U.T"
        "  # I - UUᵀ",
        wrong="only_new = U @ U.T",
        why="the part inside the span kept instead of the part outside it",
    ),
    Planted(
        line="turned = torch.stack([even * cos - odd * sin, even * sin + odd * cos], dim=-1)",
        wrong="turned = torch.stack([even * cos + odd * sin, -even * sin + odd * cos], dim=-1)",
        why="rotary angle with the wrong sign (ρ(−mω) instead of ρ(+mω))",
    ),
    Planted(
        line="return x * cos + torch.cat([-x2, x1], dim=-1) * sin                # (..., n, d)",
        wrong="return x * cos + torch.cat([x2, -x1], dim=-1) * sin",
        why="rotate_half with the minus sign on the wrong half",
    ),
    Planted(
        line="return rope(q, positions), rope(k, positions)",
        wrong="return rope(q, positions), k",
        why="RoPE applied to the queries only, not to the keys",
    ),
    Planted(
        line='"sinusoidal": lambda x: mhsa(x + sinusoidal_encoding(5, d_layer))[0],',
        wrong='"sinusoidal": lambda x: mhsa(x)[0] + sinusoidal_encoding(5, d_layer),',
        why="position vectors added after attention instead of to its input",
    ),
    Planted(
        line="return -alibi_slopes(num_heads)[:, None, None] * distance"
        "                # (H, n, n)",
        wrong="return alibi_slopes(num_heads)[:, None, None] * distance",
        why="ALiBi slope with the wrong sign: a bonus for distance instead of a penalty",
    ),
    Planted(
        line="return 2.0 ** (-8.0 * h / num_heads)"
        "                                     # (H,)",
        wrong="return 2.0 ** (-h / num_heads)",
        why="ALiBi slopes 2^(-h/H) instead of 2^(-8h/H)",
    ),
    Planted(
        line="flipped = tokens_test.flip(dims=[1])"
        "                        # each sequence reversed",
        wrong="flipped = tokens_test.flip(dims=[0])",
        why="the test set's order reversed instead of each sequence: not a reversal check",
    ),
    Planted(
        line="peak = ((middle > left) & (middle > right)) | ((middle < left) & (middle < right))",
        wrong="peak = ((middle > left) | (middle > right)) | ((middle < left) & (middle < right))",
        why="the direction-blind rule asks for a digit above either neighbour, not both",
    ),
    Planted(
        line="twins[scheme] = ((logits > 0).float() == labels_test).float().mean(dim=1).cpu()",
        wrong="twins[scheme] = ((logits > 0).float() == labels_test).float().mean(dim=0).cpu()",
        why="accuracy averaged over the seeds instead of over the test sequences",
    ),
]

(
    test_the_unchanged_chapter_raises_nothing,
    test_the_table_has_enough_mistakes,
    test_planted_mistake_is_caught_by_a_visible_check,
) = planted_mistake_tests(NOTEBOOK, MISTAKES)
