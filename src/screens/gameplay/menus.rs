//! The pause menu (resume, the coach's review, save, export the record,
//! restart, resign, rules, settings, title) and naming a save.

use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::ui_widgets::Activate;

use super::super::flow::{BackTo, CanContinue, Notice};
use crate::app_state::{Overlay, Screen};
use crate::i18n::Tr;
use crate::i18n::{Locale, seat_id};
use crate::play::{Match, MatchCommand, ResignCommand};
use crate::saves;
use crate::storage::Store;
use crate::texts::seat_name;
use crate::theme;
use crate::ui::{TEXT, TEXT_DIM, button, panel, row, screen_root, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Overlay::Paused), spawn_pause_menu)
        .add_systems(OnEnter(Overlay::SaveAs), spawn_save_as);
}

fn spawn_pause_menu(
    mut commands: Commands,
    notice: Res<Notice>,
    game: Option<Res<Match>>,
    locale: Res<Locale>,
    learning: Option<Res<crate::learn::Learning>>,
    online: Option<Res<crate::online::Online>>,
) {
    // The seat to move may resign when a person here plays it (not in a
    // lesson or puzzle, whose script goes on; online, not while someone is
    // awaited, who would never hear of it).
    let resigning = game
        .as_ref()
        .filter(|g| g.outcome().is_none() && g.reviewing().is_none() && g.is_human(g.to_move()))
        .filter(|_| learning.as_ref().is_none_or(|l| l.0.is_none()))
        // Online, only with everyone there to hear it.
        .filter(|_| online.as_ref().is_none_or(|o| o.state == crate::online::OnlineState::Connected))
        .map(|g| (g.to_move(), seat_name(g, g.to_move(), &locale)));
    commands.spawn((screen_root("pause menu", 0.5), DespawnOnExit(Overlay::Paused))).with_children(|root| {
        root.spawn(panel(10.0)).with_children(|p| {
            p.spawn(text(Tr::new("pause-title"), 34.0, theme::GOLD));
            p.spawn(button(
                "resume",
                Tr::new("resume"),
                |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                    next.set(Overlay::None);
                },
            ));
            p.spawn(button(
                "review-game",
                Tr::new("review-game"),
                |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                    next.set(Overlay::Review);
                },
            ));
            p.spawn(button(
                "save",
                Tr::new("save-game"),
                |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                    next.set(Overlay::SaveAs);
                },
            ));
            p.spawn(button("export", Tr::new("export-record"), export_record));
            p.spawn(button(
                "restart",
                Tr::new("restart"),
                |_: On<Activate>,
                 mut matches: MessageWriter<MatchCommand>,
                 mut next: ResMut<NextState<Overlay>>| {
                    matches.write(MatchCommand::Restart);
                    next.set(Overlay::None);
                },
            ));
            if let Some((seat, name)) = resigning {
                p.spawn(button(
                    "resign",
                    Tr::new("resign").with("name", name),
                    move |_: On<Activate>,
                          mut resign: MessageWriter<ResignCommand>,
                          mut next: ResMut<NextState<Overlay>>| {
                        resign.write(ResignCommand(seat));
                        next.set(Overlay::None);
                    },
                ));
            }
            p.spawn(button(
                "rules",
                Tr::new("menu-rules"),
                |_: On<Activate>, mut back: ResMut<BackTo>, mut next: ResMut<NextState<Screen>>| {
                    back.0 = Screen::Gameplay;
                    next.set(Screen::Rules);
                },
            ));
            p.spawn(button(
                "settings",
                Tr::new("menu-settings"),
                |_: On<Activate>, mut back: ResMut<BackTo>, mut next: ResMut<NextState<Screen>>| {
                    back.0 = Screen::Gameplay;
                    next.set(Screen::Settings);
                },
            ));
            p.spawn(button("title", Tr::new("to-title"), to_title));
            p.spawn((
                Text::new(notice.0.clone().unwrap_or_default()),
                TextFont::from_font_size(15.0),
                TextColor(TEXT_DIM),
                Node { max_width: px(360), ..default() },
            ));
        });
    });
}

/// Back to the title screen; the game stays in the autosave.
pub(super) fn to_title(
    _: On<Activate>,
    mut next: ResMut<NextState<Screen>>,
    mut can_continue: ResMut<CanContinue>,
    game: Option<Res<Match>>,
) {
    can_continue.0 = game.is_some_and(|g| g.is_saved());
    next.set(Screen::Title);
}

/// A default name for a save: the players and the round.
fn default_save_name(game: &Match, locale: &Locale) -> String {
    let names: Vec<String> = game
        .seats()
        .into_iter()
        .map(|s| {
            let n = &game.seat(s).name;
            if n.is_empty() { locale.t_args("seat-name", &[("seat", seat_id(s).into())]) } else { n.clone() }
        })
        .collect();
    format!("{} {}", names.join(" - "), game.game().round())
}

fn export_record(
    _: On<Activate>,
    game: Option<Res<Match>>,
    store: Option<Res<Store>>,
    locale: Res<Locale>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let (Some(game), Some(store)) = (game, store) else { return };
    notice.0 = Some(match saves::export_record(&store, &game, &default_save_name(&game, &locale)) {
        Ok(name) => locale.t_args("exported", &[("file", format!("{}/{name}", store.location()).into())]),
        Err(e) => e.to_string(),
    });
    // Reopen the menu so it shows the notice.
    next.set(Overlay::Paused);
}

#[derive(Component)]
struct SaveNameInput;

fn spawn_save_as(mut commands: Commands, game: Option<Res<Match>>, locale: Res<Locale>) {
    let name = game.map(|g| default_save_name(&g, &locale)).unwrap_or_default();
    commands.spawn((screen_root("save as", 0.5), DespawnOnExit(Overlay::SaveAs))).with_children(|root| {
        root.spawn(panel(12.0)).with_children(|p| {
            p.spawn(text(Tr::new("save-game"), 30.0, theme::GOLD));
            p.spawn(text(Tr::new("save-name"), 18.0, TEXT));
            p.spawn((
                SaveNameInput,
                bevy::input_focus::AutoFocus,
                EditableText { max_characters: Some(40), allow_newlines: false, ..EditableText::new(name) },
                bevy::text::TextCursorStyle::default(),
                TextFont::from_font_size(20.0),
                TextLayout::no_wrap(),
                bevy::input_focus::tab_navigation::TabIndex(0),
                Node { width: px(380), padding: UiRect::axes(px(8), px(4)), ..default() },
                BackgroundColor(Color::srgb(0.13, 0.13, 0.14)),
            ));
            p.spawn(row(10.0)).with_children(|r| {
                r.spawn(button(
                    "cancel",
                    Tr::new("cancel"),
                    |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                        next.set(Overlay::Paused);
                    },
                ));
                r.spawn(button("save-confirm", Tr::new("save"), save_named));
            });
        });
    });
}

fn save_named(
    _: On<Activate>,
    input: Query<&EditableText, With<SaveNameInput>>,
    game: Option<Res<Match>>,
    store: Option<Res<Store>>,
    locale: Res<Locale>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let (Some(game), Some(store)) = (game, store) else { return };
    let typed = input.single().map(|t| t.value().to_string()).unwrap_or_default();
    let name = saves::save_name(&typed);
    notice.0 = Some(match saves::save(&store, &name, &game) {
        Ok(()) => locale.t_args("saved-as", &[("name", saves::display_name(&name).into())]),
        Err(e) => e.to_string(),
    });
    next.set(Overlay::Paused);
}
