//! Playing: the toolbar (undo, redo, menu), the move list by round and seat
//! (click a move to review that position), the review bar, and the pause,
//! save and game-over overlays.

use arkes_engine::{Ply, Seat};
use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::ui_widgets::Activate;

use super::{BackTo, Notice, Overlay, Screen};
use crate::AppSystems;
use crate::game::{BoardReset, HistoryCommand, InputLock, Match, PauseRequest, Selection};
use crate::i18n::{Locale, Tr, seat_id};
use crate::saves::{self, AUTOSAVE};
use crate::storage::Store;
use crate::theme;
use crate::ui::{PANEL, TEXT, TEXT_DIM, button, panel, row, screen_root, sized_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Gameplay),
        ((spawn_toolbar, untab).chain(), spawn_move_list, spawn_review_bar),
    )
    .add_systems(OnEnter(Overlay::Paused), spawn_pause_menu)
    .add_systems(OnEnter(Overlay::SaveAs), spawn_save_as)
    .add_systems(OnEnter(Overlay::GameOver), spawn_game_over)
    .add_systems(
        Update,
        (pause_key, (update_move_list, update_review_bar, update_toolbar).in_set(AppSystems::View))
            .run_if(in_state(Screen::Gameplay)),
    );
}

/// How many rounds the move list shows at once.
const LIST_ROUNDS: u32 = 14;

#[derive(Component)]
struct MoveList;

#[derive(Component)]
struct ReviewBar;

#[derive(Component)]
struct ReviewText;

#[derive(Component)]
struct UndoButton;

#[derive(Component)]
struct RedoButton;

/// A move of the list: showing the position after `plies` plies.
#[derive(Component, Clone, Copy)]
struct MoveEntry(usize);

/// The toolbar's buttons are for the mouse: while playing, Tab belongs to
/// the board cursor, so they are left out of keyboard focus.
fn untab(
    mut commands: Commands,
    buttons: Query<Entity, (With<bevy::input_focus::tab_navigation::TabIndex>, With<Toolbar>)>,
) {
    for entity in &buttons {
        commands.entity(entity).remove::<bevy::input_focus::tab_navigation::TabIndex>();
    }
}

#[derive(Component)]
struct Toolbar;

fn spawn_toolbar(mut commands: Commands) {
    let bar = commands
        .spawn((
            Name::new("toolbar"),
            DespawnOnExit(Screen::Gameplay),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(14),
                right: px(14),
                column_gap: px(8),
                ..default()
            },
        ))
        .id();
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        UndoButton,
        sized_button(
            "undo",
            Tr::new("undo"),
            18.0,
            |_: On<Activate>, mut h: MessageWriter<HistoryCommand>| {
                h.write(HistoryCommand::Undo);
            },
        ),
    ));
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        RedoButton,
        sized_button(
            "redo",
            Tr::new("redo"),
            18.0,
            |_: On<Activate>, mut h: MessageWriter<HistoryCommand>| {
                h.write(HistoryCommand::Redo);
            },
        ),
    ));
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        sized_button(
            "top-view",
            Tr::new("top-view"),
            18.0,
            |_: On<Activate>, mut toggle: MessageWriter<crate::view::camera::ToggleTopView>| {
                toggle.write(crate::view::camera::ToggleTopView);
            },
        ),
    ));
    commands.spawn((
        ChildOf(bar),
        Toolbar,
        sized_button(
            "menu",
            Tr::new("menu"),
            18.0,
            |_: On<Activate>, mut next: ResMut<NextState<Overlay>>| {
                next.set(Overlay::Paused);
            },
        ),
    ));
}

/// Greys out undo and redo when there is nothing to take back or replay.
fn update_toolbar(
    game: Option<Res<Match>>,
    mut commands: Commands,
    undo: Query<Entity, With<UndoButton>>,
    redo: Query<Entity, With<RedoButton>>,
) {
    let Some(game) = game else { return };
    if !game.is_changed() {
        return;
    }
    for (entity, enabled) in undo
        .iter()
        .map(|e| (e, game.game().can_undo()))
        .chain(redo.iter().map(|e| (e, game.game().can_redo())))
    {
        if enabled {
            commands.entity(entity).remove::<bevy::ui::InteractionDisabled>();
        } else {
            commands.entity(entity).insert(bevy::ui::InteractionDisabled);
        }
    }
}

fn spawn_move_list(mut commands: Commands) {
    commands.spawn((
        Name::new("move list"),
        MoveList,
        DespawnOnExit(Screen::Gameplay),
        Node {
            position_type: PositionType::Absolute,
            right: px(14),
            top: px(230),
            flex_direction: FlexDirection::Column,
            row_gap: px(2),
            padding: UiRect::all(px(10)),
            border_radius: BorderRadius::all(px(10)),
            min_width: px(180),
            ..default()
        },
        BackgroundColor(PANEL.with_alpha(0.7)),
    ));
}

/// Rebuilds the move list: the last rounds (or those around the move under
/// review), one line a round, one column a seat.
fn update_move_list(
    game: Option<Res<Match>>,
    locale: Res<Locale>,
    list: Query<(Entity, Option<&Children>), With<MoveList>>,
    mut commands: Commands,
) {
    let (Some(game), Ok((list, children))) = (game, list.single()) else { return };
    if !game.is_changed() && !locale.is_changed() && children.is_some() {
        return;
    }
    if let Some(children) = children {
        for child in children {
            commands.entity(*child).despawn();
        }
    }
    let g = game.game();
    let seats: Vec<Seat> = game.seats().collect();
    let info = g.ply_info();
    let last_round = info.last().map_or(1, |i| i.round);
    let focus_round =
        game.reviewing().and_then(|n| info.get(n.saturating_sub(1))).map_or(last_round, |i| i.round);
    let first_round = focus_round.saturating_sub(LIST_ROUNDS - 1).max(1);
    commands.spawn((ChildOf(list), text(Tr::new("moves-title"), 18.0, theme::GOLD)));
    if first_round > 1 {
        commands.spawn((ChildOf(list), Text::new("…"), TextColor(TEXT_DIM), TextFont::from_font_size(14.0)));
    }
    for round in first_round..=focus_round.max(first_round).min(last_round) {
        let line = commands.spawn((ChildOf(list), row(6.0))).id();
        commands.spawn((
            ChildOf(line),
            Text::new(format!("{round}.")),
            TextFont::from_font_size(15.0),
            TextColor(TEXT_DIM),
            Node { width: px(30), ..default() },
        ));
        for &seat in &seats {
            let ply = info.iter().position(|i| i.round == round && i.mover == seat);
            let label = match ply.map(|p| &g.plies()[p]) {
                Some(Ply::Move { mv, .. }) => mv.to_string(),
                Some(Ply::TimeOut { .. }) => locale.t("timeout-short"),
                None => String::new(),
            };
            let shown = ply.is_some_and(|p| game.reviewing() == Some(p + 1));
            let cell = commands
                .spawn((
                    ChildOf(line),
                    Node { width: px(74), padding: UiRect::horizontal(px(3)), ..default() },
                    BackgroundColor(if shown { theme::GOLD.with_alpha(0.35) } else { Color::NONE }),
                ))
                .id();
            if let Some(p) = ply {
                commands.entity(cell).insert((
                    MoveEntry(p + 1),
                    bevy::ui_widgets::Button,
                    bevy::ui_widgets::observe(
                        |activate: On<Activate>,
                         entries: Query<&MoveEntry>,
                         mut h: MessageWriter<HistoryCommand>| {
                            if let Ok(entry) = entries.get(activate.entity) {
                                h.write(HistoryCommand::Review(entry.0));
                            }
                        },
                    ),
                ));
            }
            commands.spawn((
                ChildOf(cell),
                Text::new(label),
                TextFont::from_font_size(15.0),
                TextColor(theme::seat_color(seat).lighter(0.25)),
                Pickable::IGNORE,
            ));
        }
    }
}

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
    mut bar: Query<&mut Visibility, With<ReviewBar>>,
    mut texts: Query<&mut Tr, With<ReviewText>>,
) {
    let Some(game) = game else { return };
    if !game.is_changed() {
        return;
    }
    let reviewing = game.reviewing();
    for mut visibility in &mut bar {
        *visibility = if reviewing.is_some() { Visibility::Inherited } else { Visibility::Hidden };
    }
    if let Some(n) = reviewing {
        for mut tr in &mut texts {
            *tr = Tr::new("reviewing").with("n", n).with("total", game.game().plies().len());
        }
    }
}

/// Esc drops a selection first, then opens or closes the pause menu; Start
/// on a gamepad opens or closes it.
fn pause_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut start: MessageReader<PauseRequest>,
    selection: Res<Selection>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let escape = keys.is_some_and(|k| k.just_pressed(KeyCode::Escape));
    let start = start.read().count() > 0;
    if !escape && !start {
        return;
    }
    match overlay.get() {
        Overlay::None if start || selection.from.is_none() => next.set(Overlay::Paused),
        Overlay::Paused | Overlay::SaveAs => next.set(Overlay::None),
        _ => {}
    }
}

fn spawn_pause_menu(mut commands: Commands, notice: Res<Notice>) {
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
                 mut game: Option<ResMut<Match>>,
                 mut resets: MessageWriter<BoardReset>,
                 mut next: ResMut<NextState<Overlay>>| {
                    if let Some(game) = game.as_deref_mut() {
                        game.restart();
                        resets.write(BoardReset);
                    }
                    next.set(Overlay::None);
                },
            ));
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
fn to_title(
    _: On<Activate>,
    mut next: ResMut<NextState<Screen>>,
    mut can_continue: ResMut<super::CanContinue>,
    game: Option<Res<Match>>,
) {
    can_continue.0 = game.is_some_and(|g| g.is_saved());
    next.set(Screen::Title);
}

/// A default name for a save: the players and the round.
fn default_save_name(game: &Match, locale: &Locale) -> String {
    let names: Vec<String> = game
        .seats()
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

#[derive(Component)]
struct OutcomeLine;

fn spawn_game_over(mut commands: Commands, game: Option<Res<Match>>, locale: Res<Locale>) {
    let line = game
        .as_deref()
        .and_then(|g| g.game().outcome().map(|o| crate::view::hud::outcome_text(g, o, &locale)))
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
                        |_: On<Activate>, game: Option<Res<Match>>, mut h: MessageWriter<HistoryCommand>| {
                            if let Some(game) = game {
                                h.write(HistoryCommand::Review(game.game().plies().len().saturating_sub(1)));
                            }
                        },
                    ));
                    r.spawn(button("title", Tr::new("to-title"), to_title));
                });
            });
        });
}

/// The same seats again, the next seat starting.
fn rematch(
    _: On<Activate>,
    game: Option<Res<Match>>,
    lock: Res<InputLock>,
    mut commands: Commands,
    mut resets: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Overlay>>,
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
    commands.insert_resource(fresh);
    resets.write(BoardReset);
    next.set(Overlay::None);
}
