//! The Join screen: a friend's room code typed on the keyboard or tapped
//! on the screen's keypad (its 32 characters: digits and capitals without
//! I, L, O, U), then Join. A code that cannot be read says why and joins
//! nothing.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use crate::app_state::Screen;
use crate::i18n::Tr;
use crate::online::JoinRoom;
use crate::theme;
use crate::ui::{TEXT_DIM, button, panel, screen_root, sized_button, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TypedCode>().add_systems(OnEnter(Screen::Join), spawn_join).add_systems(
        Update,
        (type_on_keyboard, show_code.run_if(resource_changed::<TypedCode>))
            .chain()
            .run_if(in_state(Screen::Join)),
    );
}

/// The characters a code is made of, in keypad order.
const KEYS: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A key's least width on the keypad, in logical pixels.
const KEY_WIDTH: f32 = 40.0;

/// Characters in a code.
const CODE_LENGTH: usize = 10;

/// The code typed so far, and why the last Join was refused.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct TypedCode {
    /// Up to ten characters of the code's alphabet, upper case.
    pub chars: String,
    /// Why the code could not be read (shown under it).
    pub error: Option<String>,
}

impl TypedCode {
    fn push(&mut self, c: char) {
        let c = match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        };
        if KEYS.contains(c) && self.chars.len() < CODE_LENGTH {
            self.chars.push(c);
            self.error = None;
        }
    }

    fn erase(&mut self) {
        self.chars.pop();
        self.error = None;
    }

    /// The code as shown: `K7Q2M-9X___`.
    fn shown(&self) -> String {
        let padded: String = self.chars.chars().chain(std::iter::repeat('_')).take(CODE_LENGTH).collect();
        format!("{}-{}", &padded[..5], &padded[5..])
    }
}

/// The line showing the code typed.
#[derive(Component)]
struct CodeLine;

/// The line saying why a code was refused.
#[derive(Component)]
struct ErrorLine;

/// Joins the room typed, or says why the code cannot be read.
fn join(typed: &mut TypedCode, joins: &mut MessageWriter<JoinRoom>, next: &mut NextState<Screen>) {
    match typed.chars.parse::<online_protocol::RoomCode>() {
        Ok(code) => {
            joins.write(JoinRoom(code));
            next.set(Screen::Gameplay);
            *typed = TypedCode::default();
        }
        Err(e) => typed.error = Some(e.to_string()),
    }
}

fn type_on_keyboard(
    mut keys: MessageReader<KeyboardInput>,
    mut typed: ResMut<TypedCode>,
    mut joins: MessageWriter<JoinRoom>,
    mut next: ResMut<NextState<Screen>>,
) {
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        match &key.logical_key {
            Key::Character(text) => text.chars().for_each(|c| typed.push(c)),
            Key::Backspace => typed.erase(),
            Key::Enter => join(&mut typed, &mut joins, &mut next),
            _ => {}
        }
    }
}

fn show_code(
    typed: Res<TypedCode>,
    mut codes: Query<&mut Tr, (With<CodeLine>, Without<ErrorLine>)>,
    mut errors: Query<(&mut Tr, &mut Node), (With<ErrorLine>, Without<CodeLine>)>,
) {
    for mut tr in &mut codes {
        *tr = Tr::new("join-code").with("code", typed.shown());
    }
    for (mut tr, mut node) in &mut errors {
        node.display = if typed.error.is_some() { Display::Flex } else { Display::None };
        *tr = Tr::new("join-bad-code").with("reason", typed.error.clone().unwrap_or_default());
    }
}

fn spawn_join(mut commands: Commands, typed: Res<TypedCode>) {
    let root = commands.spawn((screen_root("join", 0.55), DespawnOnExit(Screen::Join))).id();
    let form = commands.spawn((ChildOf(root), panel(10.0))).id();
    commands.entity(form).insert(Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(6),
        padding: UiRect::all(px(16)),
        border_radius: BorderRadius::all(px(14)),
        max_width: percent(96),
        max_height: percent(96),
        ..default()
    });
    commands.spawn((ChildOf(form), text(Tr::new("join-title"), 30.0, theme::GOLD)));
    commands.spawn((ChildOf(form), text(Tr::new("join-intro").wrapped(56), 15.0, TEXT_DIM)));
    commands.spawn((
        ChildOf(form),
        CodeLine,
        text(Tr::new("join-code").with("code", typed.shown()), 32.0, theme::GOLD),
        TextLayout::no_wrap(),
    ));
    commands.spawn((
        ChildOf(form),
        ErrorLine,
        text(Tr::new("join-bad-code").with("reason", String::new()), 15.0, theme::GOLD),
        Node { display: Display::None, ..default() },
    ));
    // Four rows of eight keys, each key at least `KEY_WIDTH` wide.
    let pad = commands
        .spawn((ChildOf(form), Node { flex_direction: FlexDirection::Column, row_gap: px(4), ..default() }))
        .id();
    let keys: Vec<char> = KEYS.chars().collect();
    for chunk in keys.chunks(8) {
        let line = commands.spawn((ChildOf(pad), Node { column_gap: px(6), ..default() })).id();
        for &c in chunk {
            commands
                .spawn((
                    ChildOf(line),
                    sized_button(
                        &format!("key-{c}"),
                        Tr::new("join-key").with("key", c.to_string()),
                        20.0,
                        move |_: On<Activate>, mut typed: ResMut<TypedCode>| typed.push(c),
                    ),
                ))
                .entry::<Node>()
                .and_modify(|mut node| {
                    node.min_width = px(KEY_WIDTH);
                    node.flex_shrink = 0.0;
                    node.justify_content = JustifyContent::Center;
                });
        }
    }
    let row = commands
        .spawn((
            ChildOf(form),
            Node {
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                column_gap: px(10),
                row_gap: px(8),
                ..default()
            },
        ))
        .id();
    commands.spawn((
        ChildOf(row),
        button("erase", Tr::new("join-erase"), |_: On<Activate>, mut typed: ResMut<TypedCode>| typed.erase()),
    ));
    commands.spawn((
        ChildOf(row),
        button(
            "join",
            Tr::new("join-go"),
            |_: On<Activate>,
             mut typed: ResMut<TypedCode>,
             mut joins: MessageWriter<JoinRoom>,
             mut next: ResMut<NextState<Screen>>| { join(&mut typed, &mut joins, &mut next) },
        ),
    ));
    commands.spawn((
        ChildOf(row),
        button("back", Tr::new("back"), |_: On<Activate>, mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Title);
        }),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_code_takes_only_its_alphabet_and_ten_characters() {
        let mut typed = TypedCode::default();
        for c in "k7q-2m u9xbtrzz".chars() {
            typed.push(c);
        }
        assert_eq!(typed.chars, "K7Q2M9XBTR");
        assert_eq!(typed.shown(), "K7Q2M-9XBTR");
        typed.erase();
        assert_eq!(typed.shown(), "K7Q2M-9XBT_");
        let mut looks = TypedCode::default();
        "oil".chars().for_each(|c| looks.push(c));
        assert_eq!(looks.chars, "011", "look-alikes read as the digits");
    }
}
