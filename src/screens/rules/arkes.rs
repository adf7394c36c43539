//! The ARKES rules pages (RULES.md), each with its diagram in the engine's
//! cell notation (`S` a South token, `Ss` a South general, `NS` a siege, a
//! leading `*` the golden cell).

use bevy::prelude::*;
use games::arkes::KIND;

use super::book::{Diagram, RulesBook, RulesBooks, picture_shape};
use super::screen::CELL;
use crate::theme::SeatColours;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesBooks>();
    app.world_mut()
        .resource_mut::<RulesBooks>()
        .insert(KIND, RulesBook { pages: PAGES, draw_cell: spawn_formation, card });
}

/// The pages: the translation key prefix and the diagram.
const PAGES: &[(&str, Diagram)] = &[
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

/// Draws an ARKES formation seen from the side: tokens as discs stacked
/// upwards, a marble as a ball on top.
fn spawn_formation(commands: &mut Commands, cell: Entity, code: &str, colours: SeatColours) {
    use arkes_engine::{Formation, Piece};
    let pieces: Vec<Piece> = code.chars().filter_map(Piece::from_letter).collect();
    let Some(formation) = Formation::from_pieces(&pieces) else { return };
    for (level, piece) in formation.pieces().enumerate() {
        let colour = colours.of(piece.seat);
        let (size, height) = if piece.is_marble() { (18.0, 18.0) } else { (34.0, 11.0) };
        let bottom = 10.0 + 8.0 * level as f32 + if piece.is_marble() { 2.0 } else { 0.0 };
        commands.spawn((
            ChildOf(cell),
            Node {
                position_type: PositionType::Absolute,
                width: px(size),
                height: px(height),
                left: px((CELL - size) / 2.0 - 3.0),
                bottom: px(bottom),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(percent(50)),
                ..default()
            },
            BackgroundColor(if piece.is_marble() { colour.lighter(0.1) } else { colour }),
            BorderColor::all(colour.darker(0.3)),
        ));
    }
}

/// ARKES's picture: the golden cell with a general on its way, a tower, and
/// a North token.
fn card(commands: &mut Commands, picture: Entity, colours: SeatColours) {
    use crate::theme;
    let (south, north) = (colours.of(game_core::Seat::South), colours.of(game_core::Seat::North));
    let mut shape = |rect, colour, round| picture_shape(commands, picture, rect, colour, round);
    shape((62.0, 20.0, 46.0, 46.0), theme::GOLD, false);
    shape((14.0, 22.0, 36.0, 12.0), south, true);
    shape((14.0, 32.0, 36.0, 12.0), south, true);
    shape((70.0, 30.0, 30.0, 10.0), south, true);
    shape((76.0, 38.0, 18.0, 18.0), south.lighter(0.1), true);
    shape((120.0, 22.0, 36.0, 12.0), north, true);
}
