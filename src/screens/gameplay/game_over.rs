//! The game-over overlay: the result and its reason, then a rematch, the
//! coach's review of the game or the title.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use super::menus::to_title;
use crate::app_state::Overlay;
use crate::i18n::{Locale, Tr};
use crate::play::{InputLock, Match, MatchCommand};
use crate::saves::{self, AUTOSAVE};
use crate::storage::Store;
use crate::theme;
use crate::ui::{TEXT, button, row};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::GameOver), spawn_game_over);
}

#[derive(Component)]
struct OutcomeLine;

fn spawn_game_over(mut commands: Commands, game: Option<Res<Match>>, locale: Res<Locale>) {
    let line = game
        .as_deref()
        .and_then(|g| g.outcome().map(|o| crate::texts::outcome_text(g, o, &locale)))
        .unwrap_or_default();
    commands
        .spawn((
            Name::new("game over"),
            DespawnOnExit(Overlay::GameOver),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                bottom: px(60),
                justify_content: JustifyContent::Center,
                ..default()
            },
            GlobalZIndex(10),
        ))
        .with_children(|root| {
            root.spawn((
                BackgroundColor(Color::srgba(0.05, 0.05, 0.06, 0.88)),
                BorderColor::all(theme::GOLD),
                Node {
                    padding: UiRect::axes(px(28), px(18)),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(14)),
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(12),
                    ..default()
                },
            ))
            .with_children(|p| {
                p.spawn((
                    OutcomeLine,
                    Text::new(line),
                    TextFont::from_font_size(32.0),
                    TextColor(TEXT),
                    crate::ui::Bold,
                ));
                p.spawn(row(12.0)).with_children(|r| {
                    r.spawn(button("rematch", Tr::new("rematch"), rematch));
                    r.spawn(button(
                        "review",
                        Tr::new("review"),
                        |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                            next.set(Overlay::Review);
                        },
                    ));
                    r.spawn(button("title", Tr::new("to-title"), to_title));
                });
            });
        });
}

/// A rematch (R2, A1): the same set-up, each player at the next seat.
fn rematch(
    _: On<Activate>,
    game: Option<Res<Match>>,
    lock: Res<InputLock>,
    mut matches: MessageWriter<MatchCommand>,
    store: Option<Res<Store>>,
) {
    let Some(game) = game else { return };
    if lock.is_locked() {
        return;
    }
    let mut fresh = game.rematch();
    fresh.set_saved(true);
    if let Some(store) = store
        && let Err(e) = saves::save(&store, AUTOSAVE, &fresh)
    {
        warn!("autosave failed: {e}");
    }
    // The overlay goes once the fresh match is in (`show_game_over`): set
    // here, it came back for a frame over the finished game.
    matches.write(MatchCommand::Replace(Box::new(fresh)));
}
