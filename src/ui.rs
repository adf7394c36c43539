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

use crate::app_state::AppSystems;
use crate::i18n::Tr;
use crate::theme;

/// The widgets' fonts, styles and the [`UiScale`] that follows the window
/// (the headless layout tests add it without the rest of the app).
pub fn plugin(app: &mut App) {
    // Bevy's default plugins bring the widgets' input handling
    // (`UiWidgetsPlugins`, `TabNavigationPlugin`) with their features.
    app.add_systems(PreStartup, load_fonts).add_systems(
        Update,
        (fit_to_window, style_buttons, dim_disabled_labels, embolden, align_form_labels)
            .in_set(AppSystems::View),
    );
}

/// The logical window size (in pixels) the UI is drawn for at scale 1.
pub const DESIGN_SIZE: Vec2 = Vec2::new(1000.0, 700.0);

/// The [`UiScale`] for a window of `size` logical pixels: 1 from
/// [`DESIGN_SIZE`] up, smaller in proportion below it (the narrower way
/// decides), never below 0.5 (a 360×640 phone gets a 720×1280 UI).
#[must_use]
pub fn ui_scale_for(size: Vec2) -> f32 {
    let fit = (size / DESIGN_SIZE).min_element();
    if fit.is_finite() { fit.clamp(0.5, 1.0) } else { 1.0 }
}

/// Scales the UI to the primary window's logical size (device pixel ratios
/// are already in the logical size).
fn fit_to_window(windows: Query<&Window, With<bevy::window::PrimaryWindow>>, mut scale: ResMut<UiScale>) {
    let Ok(window) = windows.single() else { return };
    let wanted = ui_scale_for(window.size());
    if (scale.0 - wanted).abs() > 1e-3 {
        scale.0 = wanted;
    }
}

/// Whether the primary window is taller than wide (phones held upright):
/// the HUD then sits above and below the board.
#[must_use]
pub fn is_portrait(window: &Window) -> bool {
    window.height() > window.width()
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
            ..default()
        },
        BackgroundColor(PANEL),
    )
}

/// The widest a form's label column grows (logical pixels at scale 1):
/// longer labels wrap.
pub const LABEL_COLUMN_MAX: f32 = 330.0;

/// A form: rows of a label and its controls ([`form_row`]), the labels in
/// one column as wide as the longest label in the current language, up to
/// [`LABEL_COLUMN_MAX`], beyond which labels wrap; the controls take the
/// rest and wrap onto more lines rather than shrink.
///
/// (Not a CSS grid: Bevy 0.19's grid lets a column of text grow past any
/// limit on its track or items, so the column is aligned by
/// `align_form_labels` from the labels' laid-out widths.)
pub fn form(row_gap: f32) -> impl Bundle {
    (
        Form,
        Node { flex_direction: FlexDirection::Column, row_gap: px(row_gap), min_width: px(0), ..default() },
    )
}

/// Marks a [`form`].
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Form;

/// Marks the label cell of a [`form_row`].
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct FormLabel;

/// A row of a [`form`]: put a [`form_label`] and then [`controls`] in it.
pub fn form_row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(18),
        min_height: px(0),
        ..default()
    }
}

/// The label cell of a [`form_row`]: its text is broken into lines of at
/// most [`LABEL_CHARS`] characters, which keeps it within
/// [`LABEL_COLUMN_MAX`]. (Broken by [`Tr::wrapped`] rather than by Bevy:
/// Bevy 0.19 sizes the panel around wrapped text from a measure at another
/// width, which leaves the panel too short when labels wrap.)
pub fn form_label(tr: Tr) -> impl Bundle {
    (form_label_cell(), children![(text(tr.wrapped(LABEL_CHARS), 20.0, TEXT), TextLayout::no_wrap())])
}

/// The longest line of a form label, in characters: DejaVu Sans at 20 px
/// averages about 11 px a character, so 28 fit in [`LABEL_COLUMN_MAX`].
pub const LABEL_CHARS: usize = 28;

/// An empty label cell of a [`form_row`], for a label text of one's own.
pub fn form_label_cell() -> impl Bundle {
    (FormLabel, Node { max_width: px(LABEL_COLUMN_MAX), flex_shrink: 0.0, ..default() })
}

/// The controls of a [`form_row`]: a row of buttons that wraps onto more
/// lines when the window is narrow.
pub fn controls(gap: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        align_items: AlignItems::Center,
        column_gap: px(gap),
        row_gap: px(gap),
        // Take the rest of the row: a row measured to the pixel would
        // otherwise wrap its last button on rounding.
        flex_grow: 1.0,
        flex_shrink: 1.0,
        min_width: px(0),
        ..default()
    }
}

/// Gives every label cell of a form the width of the widest one (so the
/// controls line up), after each layout; starts again from the labels' own
/// widths when the language changes.
fn align_form_labels(
    locale: Res<crate::i18n::Locale>,
    forms: Query<&Children, With<Form>>,
    rows: Query<&Children>,
    mut labels: Query<(&mut Node, &ComputedNode), With<FormLabel>>,
) {
    for form in &forms {
        let cells: Vec<Entity> = form
            .iter()
            .filter_map(|row| rows.get(row).ok().and_then(|c| c.iter().find(|e| labels.contains(*e))))
            .collect();
        if locale.is_changed() {
            for &cell in &cells {
                if let Ok((mut node, _)) = labels.get_mut(cell) {
                    node.min_width = Val::Auto;
                }
            }
            continue;
        }
        let widest = cells
            .iter()
            .filter_map(|&c| labels.get(c).ok())
            .map(|(_, computed)| (computed.size().x * computed.inverse_scale_factor()).ceil())
            .fold(0.0, f32::max);
        for &cell in &cells {
            if let Ok((mut node, _)) = labels.get_mut(cell)
                && node.min_width != px(widest)
                && widest > 0.0
            {
                node.min_width = px(widest);
            }
        }
    }
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
    padded_button(id, label, size, 0.4, action)
}

/// A button with a given font size and vertical padding (in ems: 0.4 for
/// the screens' buttons, less for the rows of choices in forms).
pub fn padded_button<B: Bundle, M: Send + Sync + 'static>(
    id: &str,
    label: Tr,
    size: f32,
    vertical_padding: f32,
    action: impl IntoObserverSystem<Activate, B, M> + Sync + 'static,
) -> impl Bundle {
    (
        Name::new(format!("button {id}")),
        ButtonId(id.to_owned()),
        Button,
        Hovered::default(),
        TabIndex(0),
        Node {
            padding: UiRect::axes(px(size * 0.9), px(size * vertical_padding)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            // Never narrower than the label.
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(BUTTON),
        BorderColor::all(Color::NONE),
        observe(action),
        children![(text(label, size, TEXT), TextLayout::no_wrap(), Pickable::IGNORE)],
    )
}

/// A disabled button's label is dimmed too (its background alone hardly
/// shows on a dark panel), and brightened again when it is enabled.
fn dim_disabled_labels(
    buttons: Query<(&Children, Has<InteractionDisabled>), With<Button>>,
    mut labels: Query<&mut TextColor>,
) {
    for (children, disabled) in &buttons {
        for child in children.iter() {
            let Ok(mut colour) = labels.get_mut(child) else { continue };
            let wanted = match (disabled, colour.0 == TEXT, colour.0 == TEXT_DISABLED) {
                (true, true, _) => TEXT_DISABLED,
                (false, _, true) => TEXT,
                _ => continue,
            };
            colour.0 = wanted;
        }
    }
}

/// A disabled button's label.
const TEXT_DISABLED: Color = Color::srgba(0.94, 0.92, 0.87, 0.35);

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

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;

    #[test]
    fn a_disabled_buttons_label_is_dimmed_and_brightened_again_when_enabled() {
        let mut world = World::new();
        let label = world.spawn(TextColor(TEXT)).id();
        let other = world.spawn(TextColor(theme::GOLD)).id();
        let button = world.spawn((Button, InteractionDisabled)).add_children(&[label, other]).id();
        world.run_system_once(dim_disabled_labels).expect("runs");
        assert_eq!(world.get::<TextColor>(label).unwrap().0, TEXT_DISABLED);
        // A label of its own colour is left alone.
        assert_eq!(world.get::<TextColor>(other).unwrap().0, theme::GOLD);
        world.entity_mut(button).remove::<InteractionDisabled>();
        world.run_system_once(dim_disabled_labels).expect("runs");
        assert_eq!(world.get::<TextColor>(label).unwrap().0, TEXT);
    }
}
