//! The game's widgets: panels, titles, labels, buttons and choice rows, all
//! with translated text ([`Tr`]) and keyboard focus (Tab, Enter) through
//! Bevy's headless widgets.

use bevy::ecs::system::IntoObserverSystem;
use bevy::input_focus::InputFocus;
use bevy::input_focus::tab_navigation::TabIndex;
use bevy::picking::hover::Hovered;
use bevy::prelude::*;
use bevy::ui::{InteractionDisabled, Pressed};
use bevy::ui_widgets::{Activate, Button, observe};

use crate::AppSystems;
use crate::i18n::Tr;
use crate::theme;

pub(crate) fn plugin(app: &mut App) {
    // Bevy's default plugins bring the widgets' input handling
    // (`UiWidgetsPlugins`, `TabNavigationPlugin`) with their features.
    app.add_systems(PreStartup, load_fonts)
        .add_systems(Update, (style_buttons, embolden).in_set(AppSystems::View));
}

/// The UI fonts (DejaVu Sans, subset; see `tools/make-fonts.sh`), built into
/// the binary so they load the same way natively and on the web.
#[derive(Resource, Clone)]
pub struct Fonts {
    /// Regular weight.
    pub regular: Handle<Font>,
    /// Bold weight.
    pub bold: Handle<Font>,
}

fn load_fonts(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    let regular = Font::from_bytes(include_bytes!("../assets/fonts/DejaVuSans-subset.ttf").to_vec());
    let bold = Font::from_bytes(include_bytes!("../assets/fonts/DejaVuSans-Bold-subset.ttf").to_vec());
    // Text without an explicit font uses the default handle: make it DejaVu.
    let _ = fonts.insert(AssetId::default(), regular.clone());
    commands.insert_resource(Fonts { regular: fonts.add(regular), bold: fonts.add(bold) });
}

/// Text in the bold face.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Bold;

fn embolden(fonts: Option<Res<Fonts>>, mut texts: Query<&mut TextFont, Added<Bold>>) {
    let Some(fonts) = fonts else { return };
    for mut font in &mut texts {
        font.font = fonts.bold.clone().into();
    }
}

/// Text colour on dark panels.
pub const TEXT: Color = Color::srgb(0.94, 0.92, 0.87);
/// Dimmed text.
pub const TEXT_DIM: Color = Color::srgba(0.94, 0.92, 0.87, 0.6);
/// Panel background.
pub const PANEL: Color = Color::srgba(0.07, 0.07, 0.08, 0.94);
const BUTTON: Color = Color::srgb(0.2, 0.19, 0.17);
const BUTTON_HOVER: Color = Color::srgb(0.3, 0.27, 0.22);
const BUTTON_PRESSED: Color = Color::srgb(0.44, 0.36, 0.18);
const BUTTON_SELECTED: Color = Color::srgb(0.62, 0.45, 0.1);

/// A text in the UI font.
pub fn text(tr: Tr, size: f32, color: Color) -> impl Bundle {
    (tr, TextFont::from_font_size(size), TextColor(color))
}

/// A label of the default size, on one line.
pub fn label(tr: Tr) -> impl Bundle {
    (text(tr, 20.0, TEXT), TextLayout::no_wrap())
}

/// A paragraph about `width` pixels wide, broken into lines by [`Tr::wrapped`].
pub fn paragraph(tr: Tr, size: f32, width: f32) -> impl Bundle {
    // DejaVu Sans averages about 0.55 em a character.
    let chars = (width / (size * 0.55)) as usize;
    (text(tr.wrapped(chars), size, TEXT), TextLayout::no_wrap(), Node { min_width: px(width), ..default() })
}

/// A big title in gold.
pub fn title(tr: Tr) -> impl Bundle {
    (text(tr, 56.0, theme::GOLD), Bold)
}

/// A full-window layer that centres its content and dims the board under it.
pub fn screen_root(name: &'static str, dim: f32) -> impl Bundle {
    (
        Name::new(name),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(Color::srgba(0.02, 0.02, 0.03, dim)),
        GlobalZIndex(10),
    )
}

/// A dark rounded column panel.
pub fn panel(gap: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Stretch,
            row_gap: px(gap),
            padding: UiRect::all(px(24)),
            border_radius: BorderRadius::all(px(14)),
            max_height: percent(96),
            ..default()
        },
        BackgroundColor(PANEL),
    )
}

/// A horizontal row.
///
/// Its minimum height is 0 rather than the automatic min-content height:
/// Bevy 0.19 measures wrapped text at its narrowest for that, which would
/// make rows of wrapped text far too tall.
pub fn row(gap: f32) -> impl Bundle {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(gap),
        min_height: px(0),
        ..default()
    }
}

/// Marks the button of a choice row that shows the current value.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Selected;

/// The automation name of a button (`continue`, `new-game`…), reported with
/// its position so tests can click it.
#[derive(Component, Clone, Debug)]
pub struct ButtonId(pub String);

/// A button with a translated label; `action` runs on click, tap, or Enter
/// and Space when focused.
pub fn button<B: Bundle, M: Send + Sync + 'static>(
    id: &str,
    label: Tr,
    action: impl IntoObserverSystem<Activate, B, M> + Sync + 'static,
) -> impl Bundle {
    sized_button(id, label, 22.0, action)
}

/// A button with a given font size.
pub fn sized_button<B: Bundle, M: Send + Sync + 'static>(
    id: &str,
    label: Tr,
    size: f32,
    action: impl IntoObserverSystem<Activate, B, M> + Sync + 'static,
) -> impl Bundle {
    (
        Name::new(format!("button {id}")),
        ButtonId(id.to_owned()),
        Button,
        Hovered::default(),
        TabIndex(0),
        Node {
            padding: UiRect::axes(px(size * 0.9), px(size * 0.4)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(BUTTON),
        BorderColor::all(Color::NONE),
        observe(action),
        children![(text(label, size, TEXT), Pickable::IGNORE)],
    )
}

/// Colours buttons by state: selected, pressed, hovered, focused, disabled.
fn style_buttons(
    focus: Option<Res<InputFocus>>,
    mut buttons: Query<
        (
            Entity,
            &Hovered,
            Has<Pressed>,
            Has<Selected>,
            Has<InteractionDisabled>,
            &mut BackgroundColor,
            &mut BorderColor,
        ),
        With<Button>,
    >,
) {
    let focused = focus.and_then(|f| f.get());
    for (entity, hovered, pressed, selected, disabled, mut background, mut border) in &mut buttons {
        let colour = if disabled {
            BUTTON.with_alpha(0.4)
        } else if pressed {
            BUTTON_PRESSED
        } else if selected {
            BUTTON_SELECTED
        } else if hovered.0 {
            BUTTON_HOVER
        } else {
            BUTTON
        };
        if background.0 != colour {
            background.0 = colour;
        }
        let ring = if focused == Some(entity) { theme::GOLD } else { Color::NONE };
        if border.top != ring {
            *border = BorderColor::all(ring);
        }
    }
}
