//! The Arcanor rules pages (ARCANOR.md), each with its diagram: cells hold
//! pieces bottom first (`S2S1` South's 1 covering South's 2, `N4S3` South's 3
//! holding North's 4 prisoner); a row may be marked as a target row.

use super::Diagram;

/// The pages: the translation key prefix and the diagram.
pub(super) const PAGES: &[(&str, Diagram)] = &[
    (
        "arcanor-goal",
        Diagram {
            rows: &[&["S1", "S2", "S3", "S4"]],
            arrow: None,
            captions: &["value-1", "value-2", "value-3", "value-4"],
            target_row: None,
        },
    ),
    (
        "arcanor-moving",
        Diagram {
            rows: &[&[".", ".", "."], &[".", "S2S1", "."], &[".", ".", "."]],
            arrow: Some(((1, 1), (2, 0), false)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "arcanor-release",
        Diagram {
            rows: &[&[".", "S1", "."], &[".", "S2", "."]],
            arrow: Some(((1, 1), (1, 0), false)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "arcanor-eat",
        Diagram {
            rows: &[&[".", "N4", "N2"], &["S3", ".", "."]],
            arrow: Some(((0, 1), (1, 0), true)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "arcanor-prisoner",
        Diagram {
            rows: &[&[".", ".", "."], &[".", "N4S3", "."]],
            arrow: Some(((1, 1), (1, 0), false)),
            captions: &[],
            target_row: None,
        },
    ),
    (
        "arcanor-freeze",
        Diagram {
            rows: &[&["S4", ".", "N2"], &[".", "S3", "."]],
            arrow: Some(((1, 1), (1, 0), false)),
            captions: &[],
            target_row: Some(0),
        },
    ),
    (
        "arcanor-duo-scores",
        Diagram {
            rows: &[&[".", ".", "."], &[".", "S4S3", "."]],
            arrow: Some(((1, 1), (1, 0), false)),
            captions: &[],
            target_row: Some(0),
        },
    ),
    (
        "arcanor-end",
        Diagram { rows: &[&["S4", "S3", "S2", "S3"]], arrow: None, captions: &[], target_row: Some(0) },
    ),
];
