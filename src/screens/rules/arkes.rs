//! The ARKES rules pages (RULES.md), each with its diagram in the engine's
//! cell notation (`S` a South token, `Ss` a South general, `NS` a siege, a
//! leading `*` the golden cell).

use super::Diagram;

/// The pages: the translation key prefix and the diagram.
pub(super) const PAGES: &[(&str, Diagram)] = &[
    (
        "rules-goal",
        Diagram {
            rows: &[&[".", "N", "."], &[".", "*S", "."], &[".", "Ss", "."]],
            arrow: Some(((1, 2), (1, 1), false)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "rules-pieces",
        Diagram {
            rows: &[&["S", "Ss", "SS", "NS"]],
            arrow: None,
            captions: &["term-unit", "term-general", "term-tower", "term-siege"],
            target_row: None,
        },
    ),
    (
        "rules-moving",
        Diagram {
            rows: &[&[".", ".", "N"], &[".", "S", "."], &["SS", ".", "Ss"]],
            arrow: Some(((1, 1), (2, 0), false)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "rules-marbles",
        Diagram {
            rows: &[&[".", "S", "."], &["S", "Ss", "SS"], &[".", ".", "."]],
            arrow: Some(((1, 1), (0, 1), false)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "rules-capture-marble",
        Diagram {
            rows: &[&[".", "Nn", "."], &[".", "S", "."], &[".", ".", "."]],
            arrow: Some(((1, 1), (1, 0), true)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "rules-capture-token",
        Diagram {
            rows: &[&["N", "NS", "WN"], &["SS", "SS", "SS"]],
            arrow: Some(((1, 1), (1, 0), true)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "rules-repetition",
        Diagram {
            rows: &[&[".", "N", "."], &["S", ".", "."]],
            arrow: Some(((0, 1), (1, 1), false)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "rules-end",
        Diagram {
            rows: &[&["Ww", "SS", "."], &["SS", ".", "."]],
            arrow: None,
            captions: &[],
            target_row: None,
        },
    ),
];
