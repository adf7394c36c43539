//! The bar that steps through earlier positions (a move of the list
//! clicked), and back to the game.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use crate::app_state::AppSystems;
use crate::app_state::{Overlay, Screen};
use crate::i18n::Tr;
use crate::play::{HistoryCommand, Match};
use crate::ui::{PANEL, TEXT, row, sized_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Gameplay), spawn_review_bar)
        .add_systems(Update, update_review_bar.in_set(AppSystems::View).run_if(in_state(Screen::Gameplay)));
}

#[derive(Component)]
struct ReviewBar;

#[derive(Component)]
struct ReviewText;

fn spawn_review_bar(mut commands: Commands) {
    commands
        .spawn((
            Name::new("review bar"),
            ReviewBar,
            DespawnOnExit(Screen::Gameplay),
            Visibility::Hidden,
            Node {
                position_type: PositionType::Absolute,
                top: px(12),
                width: percent(100),
                justify_content: JustifyContent::Center,
                ..default()
            },
        ))
        .with_children(|outer| {
            outer
                .spawn((row(10.0), BackgroundColor(PANEL)))
                .insert(Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(10),
                    padding: UiRect::axes(px(14), px(8)),
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                })
                .with_children(|bar| {
                    bar.spawn(sized_button(
                        "review-back",
                        Tr::new("step-back"),
                        16.0,
                        |_: On<Activate>, game: Option<Res<Match>>, mut h: MessageWriter<HistoryCommand>| {
                            if let Some(n) = game.and_then(|g| g.reviewing()) {
                                h.write(HistoryCommand::Review(n.saturating_sub(1)));
                            }
                        },
                    ));
                    bar.spawn((
                        ReviewText,
                        text(Tr::new("reviewing").with("n", 0u32).with("total", 0u32), 18.0, TEXT),
                    ));
                    bar.spawn(sized_button(
                        "review-forward",
                        Tr::new("step-forward"),
                        16.0,
                        |_: On<Activate>, game: Option<Res<Match>>, mut h: MessageWriter<HistoryCommand>| {
                            if let Some(n) = game.and_then(|g| g.reviewing()) {
                                h.write(HistoryCommand::Review(n + 1));
                            }
                        },
                    ));
                    bar.spawn(sized_button(
                        "back-to-game",
                        Tr::new("back-to-game"),
                        16.0,
                        |_: On<Activate>, mut h: MessageWriter<HistoryCommand>| {
                            h.write(HistoryCommand::EndReview);
                        },
                    ));
                });
        });
}

fn update_review_bar(
    game: Option<Res<Match>>,
    overlay: Option<Res<State<Overlay>>>,
    mut bar: Query<&mut Visibility, With<ReviewBar>>,
    mut texts: Query<&mut Tr, With<ReviewText>>,
) {
    let Some(game) = game else { return };
    let overlay_changed = overlay.as_ref().is_some_and(|o| o.is_changed());
    if !game.is_changed() && !overlay_changed {
        return;
    }
    // The coach's review screen steps through the plies its own way.
    let coach = overlay.is_some_and(|o| *o.get() == Overlay::Review);
    let reviewing = game.reviewing().filter(|_| !coach);
    for mut visibility in &mut bar {
        *visibility = if reviewing.is_some() { Visibility::Inherited } else { Visibility::Hidden };
    }
    if let Some(n) = reviewing {
        for mut tr in &mut texts {
            *tr = Tr::new("reviewing").with("n", n).with("total", game.game().ply_count());
        }
    }
}
