//! The Arcanor rules pages (ARCANOR.md), each with its diagram: cells hold
//! pieces bottom first (`S2S1` South's 1 covering South's 2, `N4S3` South's 3
//! holding North's 4 prisoner); a row may be marked as a target row.

use bevy::prelude::*;
use game_core::Seat;
use games::arcanor::KIND;

use super::book::{Diagram, RulesBook, RulesBooks, picture_shape};
use super::screen::CELL;
use crate::theme::SeatColours;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesBooks>();
    app.world_mut()
        .resource_mut::<RulesBooks>()
        .insert(KIND, RulesBook { pages: PAGES, draw_cell: spawn_duo, card });
}

/// The pages: the translation key prefix and the diagram.
const PAGES: &[(&str, Diagram)] = &[
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

/// Draws an Arcanor formation seen from the side: the top piece as a bell of
/// its size showing its value, and for a duo a band of the inner piece's
/// colour at its rim (its value is the top's plus one, A2).
fn spawn_duo(commands: &mut Commands, cell: Entity, code: &str, colours: SeatColours) {
    if code == "." || code.len() < 2 || !code.is_ascii() {
        return;
    }
    let pieces: Vec<(Seat, u8)> = (0..code.len())
        .step_by(2)
        .filter_map(|i| {
            let seat = Seat::from_letter(code[i..].chars().next()?)?;
            let value = code[i + 1..].chars().next()?.to_digit(10)? as u8;
            Some((seat, value))
        })
        .collect();
    let Some(&(seat, value)) = pieces.last() else { return };
    let size = [40.0, 33.0, 27.0, 22.0][usize::from(value.clamp(1, 4)) - 1];
    let colour = colours.of(seat);
    let bell = commands
        .spawn((
            ChildOf(cell),
            Node {
                position_type: PositionType::Absolute,
                width: px(size * 0.8),
                height: px(size),
                left: px((CELL - size * 0.8) / 2.0 - 3.0),
                bottom: px(4.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::new(px(size * 0.4), px(size * 0.4), px(3), px(3)),
                ..default()
            },
            BackgroundColor(colour),
            BorderColor::all(colour.darker(0.3)),
        ))
        .id();
    commands.spawn((
        ChildOf(bell),
        Text::new(value.to_string()),
        TextFont::from_font_size(size * 0.42),
        TextColor(Color::srgb(0.97, 0.94, 0.85)),
    ));
    if let [(inner, _), _] = pieces[..] {
        commands.spawn((
            ChildOf(bell),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: px(5),
                bottom: px(0),
                border_radius: BorderRadius::all(px(2)),
                ..default()
            },
            BackgroundColor(colours.of(inner).lighter(0.08)),
            BorderColor::all(Color::WHITE),
        ));
    }
}

/// Arcanor's picture: the four nesting sizes side by side, and a duo.
fn card(commands: &mut Commands, picture: Entity, colours: SeatColours) {
    let (south, north) = (colours.of(Seat::South), colours.of(Seat::North));
    let mut shape = |rect, colour, round| picture_shape(commands, picture, rect, colour, round);
    let mut left = 8.0;
    for (i, (w, h)) in [(38.0, 60.0), (31.0, 48.0), (25.0, 39.0), (20.0, 31.0)].into_iter().enumerate() {
        let colour = if i % 2 == 0 { south } else { north };
        shape((left, 12.0, w, h), colour, false);
        left += w + 4.0;
    }
    shape((left + 2.0, 12.0, 30.0, 46.0), north, false);
    shape((left + 2.0, 12.0, 30.0, 5.0), south, true);
}
