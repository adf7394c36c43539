//! The title screen: the game's name over the board of the game in progress
//! (the camera circles it), and the way to everything else.

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use super::flow::{BackTo, CanContinue, Notice};
use crate::app_state::Screen;
use crate::i18n::Tr;
use crate::ui::{TEXT, TEXT_DIM, button, panel, text, title};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title).add_systems(
        Update,
        (
            update_notice.run_if(resource_changed::<Notice>),
            show_continue.run_if(resource_changed::<CanContinue>),
        )
            .run_if(in_state(Screen::Title)),
    );
}

#[derive(Component)]
struct NoticeText;

#[derive(Component)]
struct ContinueButton;

/// Continue shows only when the autosave holds a game.
fn show_continue(can_continue: Res<CanContinue>, mut buttons: Query<&mut Node, With<ContinueButton>>) {
    for mut node in &mut buttons {
        node.display = if can_continue.0 { Display::Flex } else { Display::None };
    }
}

fn spawn_title(mut commands: Commands, can_continue: Res<CanContinue>, notice: Res<Notice>) {
    let root = commands
        .spawn((
            Name::new("title screen"),
            DespawnOnExit(Screen::Title),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                align_items: AlignItems::Center,
                padding: UiRect::left(percent(6)),
                ..default()
            },
            GlobalZIndex(10),
        ))
        .id();
    let menu = commands
        .spawn((panel(12.0), ChildOf(root)))
        .with_children(|p| {
            p.spawn(title(Tr::new("title-name")));
            p.spawn(text(Tr::new("title-subtitle"), 18.0, TEXT_DIM));
            p.spawn(Node { height: px(10), ..default() });
        })
        .id();
    let shown = if can_continue.0 { Display::Flex } else { Display::None };
    commands
        .spawn((
            ChildOf(menu),
            ContinueButton,
            button(
                "continue",
                Tr::new("menu-continue"),
                |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
                    next.set(Screen::Gameplay);
                },
            ),
        ))
        .entry::<Node>()
        .and_modify(move |mut node| node.display = shown);
    commands.spawn((
        ChildOf(menu),
        button(
            "new-game",
            Tr::new("menu-new-game"),
            |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
                next.set(Screen::NewGame);
            },
        ),
    ));
    commands.spawn((
        ChildOf(menu),
        button("learn", Tr::new("menu-learn"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Learn);
        }),
    ));
    commands.spawn((
        ChildOf(menu),
        button("join", Tr::new("menu-join"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Join);
        }),
    ));
    commands.spawn((
        ChildOf(menu),
        button("load", Tr::new("menu-load"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Load);
        }),
    ));
    commands.spawn((
        ChildOf(menu),
        button(
            "rules",
            Tr::new("menu-rules"),
            |_: On<Activate>, mut back: ResMut<BackTo>, mut next: ResMut<NextState<Screen>>| {
                back.0 = Screen::Title;
                next.set(Screen::Rules);
            },
        ),
    ));
    commands.spawn((
        ChildOf(menu),
        button(
            "settings",
            Tr::new("menu-settings"),
            |_: On<Activate>, mut back: ResMut<BackTo>, mut next: ResMut<NextState<Screen>>| {
                back.0 = Screen::Title;
                next.set(Screen::Settings);
            },
        ),
    ));
    // A web page is closed by its tab, not by the game.
    if !cfg!(target_arch = "wasm32") {
        commands.spawn((
            ChildOf(menu),
            button("quit", Tr::new("menu-quit"), |_: On<Activate>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            }),
        ));
    }
    commands.spawn((
        ChildOf(menu),
        NoticeText,
        Text::new(notice.0.clone().unwrap_or_default()),
        TextFont::from_font_size(15.0),
        TextColor(TEXT),
        Node { max_width: px(360), ..default() },
    ));
}

fn update_notice(notice: Res<Notice>, mut texts: Query<&mut Text, With<NoticeText>>) {
    for mut text in &mut texts {
        text.0 = notice.0.clone().unwrap_or_default();
    }
}
