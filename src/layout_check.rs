//! The UI as laid out: every node's rectangle, and the problems a player
//! would see: text cut or running out of its node, text wider than its
//! parent, text overlapping a sibling, nodes outside the window.
//!
//! Works on any world where Bevy's UI layout has run (a window or the
//! headless layout tests). The automation mode's `layout` command prints
//! the same report.

use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::ui::{ComputedNode, UiGlobalTransform};
use serde_json::{Value, json};

/// Differences below this many logical pixels are rounding, not clipping
/// (Bevy rounds node edges and text sizes separately).
const TOLERANCE: f32 = 2.0;

/// One laid-out UI node, in the window's logical pixels (CSS pixels on the
/// web; the `UiScale` already applied) with the origin at the window's
/// top-left corner and y down.
#[derive(Clone, Debug)]
pub struct NodeRect {
    /// The node.
    pub entity: Entity,
    /// Its UI parent, if any.
    pub parent: Option<Entity>,
    /// A readable name: the `Name`, the button id or the text.
    pub name: String,
    /// The border box.
    pub rect: Rect,
    /// The content box (inside border and padding).
    pub content: Rect,
    /// The size of its laid-out text, if it is a text node.
    pub text_size: Option<Vec2>,
    /// Its font size, if it is a text node (window pixels).
    pub font_size: f32,
    /// Whether it is laid out in its parent's flow (not absolutely placed).
    pub in_flow: bool,
    /// Whether some ancestor clips its overflow (a scrolling list).
    pub clipped: bool,
    /// Whether it contains text (itself or a descendant).
    pub has_text: bool,
}

impl NodeRect {
    /// The report line of the automation mode.
    #[must_use]
    pub fn json(&self) -> Value {
        json!({
            "event": "node",
            "entity": self.entity.to_bits(),
            "parent": self.parent.map(Entity::to_bits),
            "name": self.name,
            "rect": [self.rect.min.x, self.rect.min.y, self.rect.width(), self.rect.height()],
            "text": self.text_size.map(|s| [s.x, s.y]),
        })
    }
}

/// Every visible UI node of `world` with a non-empty size, parents before
/// children.
pub fn node_rects(world: &mut World) -> Vec<NodeRect> {
    let mut query = world.query::<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        &Node,
        Option<&ChildOf>,
        Option<&Name>,
        Option<&crate::ui::ButtonId>,
        Option<&Text>,
        Option<&TextLayoutInfo>,
        Option<&Visibility>,
        Option<&TextFont>,
    )>();
    let window_scale = world
        .query_filtered::<&Window, With<bevy::window::PrimaryWindow>>()
        .iter(world)
        .next()
        .map_or(1.0, Window::scale_factor);
    // Physical pixels to the window's logical ones.
    let scale = 1.0 / window_scale;
    let mut nodes: Vec<(NodeRect, bool, bool)> = Vec::new();
    let mut index = bevy::platform::collections::HashMap::new();
    for (entity, computed, transform, node, parent, name, button, text, layout, visibility, font) in
        query.iter(world)
    {
        let centre = transform.translation * scale;
        let rect = Rect::from_center_size(centre, computed.size() * scale);
        let mut content = computed.content_box();
        content.min = content.min * scale + centre;
        content.max = content.max * scale + centre;
        let name = name
            .map(|n| n.as_str().to_owned())
            .or_else(|| button.map(|b| format!("button {}", b.0)))
            .or_else(|| text.map(|t| format!("text \"{}\"", t.0.chars().take(40).collect::<String>())))
            .unwrap_or_else(|| format!("node {entity}"));
        let clips = node.overflow.x != OverflowAxis::Visible || node.overflow.y != OverflowAxis::Visible;
        let hidden = visibility == Some(&Visibility::Hidden) || node.display == Display::None;
        index.insert(entity, nodes.len());
        nodes.push((
            NodeRect {
                entity,
                parent: parent.map(ChildOf::parent),
                name,
                rect,
                content,
                // Bevy stores the laid-out size in UI pixels (physical
                // times the node's inverse scale factor).
                text_size: text.and(layout).map(|l| l.size / computed.inverse_scale_factor() * scale),
                // The game sets font sizes in UI pixels (`FontSize::Px`).
                font_size: font.map_or(0.0, |f| match f.font_size {
                    bevy::text::FontSize::Px(px) => px / computed.inverse_scale_factor() * scale,
                    _ => 0.0,
                }),
                in_flow: node.position_type != PositionType::Absolute,
                clipped: false,
                has_text: text.is_some(),
            },
            clips,
            hidden,
        ));
    }
    // Inherit hiding and clipping from ancestors; mark ancestors of text.
    let ancestors = |i: usize| {
        let mut chain = Vec::new();
        let mut parent = nodes[i].0.parent;
        while let Some(p) = parent.and_then(|p| index.get(&p).copied()) {
            chain.push(p);
            parent = nodes[p].0.parent;
        }
        chain
    };
    let chains: Vec<Vec<usize>> = (0..nodes.len()).map(ancestors).collect();
    let mut out = Vec::new();
    let mut has_text = vec![false; nodes.len()];
    for (i, chain) in chains.iter().enumerate() {
        if nodes[i].0.has_text {
            has_text[i] = true;
            for &a in chain {
                has_text[a] = true;
            }
        }
    }
    for (i, chain) in chains.iter().enumerate() {
        let (node, _, hidden) = &nodes[i];
        if *hidden || chain.iter().any(|&a| nodes[a].2) || node.rect.width() < 0.5 || node.rect.height() < 0.5
        {
            continue;
        }
        let mut node = node.clone();
        node.clipped = chain.iter().any(|&a| nodes[a].1);
        node.has_text = has_text[i];
        out.push((chain.len(), node));
    }
    out.sort_by_key(|(depth, _)| *depth);
    out.into_iter().map(|(_, n)| n).collect()
}

/// What is wrong with the layout of `nodes` in a window of `window` logical
/// pixels: one line per problem, empty when nothing is cut or covered.
#[must_use]
pub fn layout_problems(nodes: &[NodeRect], window: Vec2) -> Vec<String> {
    let mut problems = Vec::new();
    let by_entity: bevy::platform::collections::HashMap<Entity, &NodeRect> =
        nodes.iter().map(|n| (n.entity, n)).collect();
    let screen = Rect::from_corners(Vec2::ZERO, window);
    for node in nodes {
        // A wrapped line keeps its trailing spaces in the measured width:
        // invisible, so up to two spaces' worth is allowed.
        let wrapped = node.text_size.is_some_and(|s| s.y > 1.6 * node.font_size);
        let slack = if wrapped { TOLERANCE + 0.7 * node.font_size } else { TOLERANCE };
        if let Some(size) = node.text_size
            && (size.x > node.content.width() + slack || size.y > node.content.height() + TOLERANCE)
        {
            problems.push(format!(
                "{}: text {:.0}×{:.0} does not fit its node {:.0}×{:.0}",
                node.name,
                size.x,
                size.y,
                node.content.width(),
                node.content.height()
            ));
        }
        if node.clipped {
            continue;
        }
        if !contains(screen, node.rect) {
            problems.push(format!(
                "{}: {} lies outside the {:.0}×{:.0} window",
                node.name,
                show(node.rect),
                window.x,
                window.y
            ));
        }
        if node.has_text
            && node.in_flow
            && let Some(parent) = node.parent.and_then(|p| by_entity.get(&p))
            && !contains(parent.content, node.rect)
        {
            problems.push(format!(
                "{}: {} runs out of its parent {} {}",
                node.name,
                show(node.rect),
                parent.name,
                show(parent.content)
            ));
        }
    }
    // Siblings in the same flow must not overlap when one holds text.
    for (i, a) in nodes.iter().enumerate() {
        for b in &nodes[i + 1..] {
            if a.parent.is_some()
                && a.parent == b.parent
                && a.in_flow
                && b.in_flow
                && !a.clipped
                && (a.has_text || b.has_text)
            {
                let overlap = a.rect.intersect(b.rect);
                if overlap.width() > TOLERANCE && overlap.height() > TOLERANCE {
                    problems.push(format!(
                        "{} {} overlaps {} {}",
                        a.name,
                        show(a.rect),
                        b.name,
                        show(b.rect)
                    ));
                }
            }
        }
    }
    problems
}

fn contains(outer: Rect, inner: Rect) -> bool {
    inner.min.x >= outer.min.x - TOLERANCE
        && inner.min.y >= outer.min.y - TOLERANCE
        && inner.max.x <= outer.max.x + TOLERANCE
        && inner.max.y <= outer.max.y + TOLERANCE
}

fn show(r: Rect) -> String {
    format!("[{:.0},{:.0} {:.0}×{:.0}]", r.min.x, r.min.y, r.width(), r.height())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(entity: u32, parent: Option<u32>, rect: Rect, text: Option<Vec2>) -> NodeRect {
        NodeRect {
            entity: Entity::from_raw_u32(entity).unwrap(),
            parent: parent.map(|p| Entity::from_raw_u32(p).unwrap()),
            name: format!("n{entity}"),
            rect,
            content: rect,
            text_size: text,
            font_size: 20.0,
            in_flow: true,
            clipped: false,
            has_text: text.is_some(),
        }
    }

    const WINDOW: Vec2 = Vec2::new(800.0, 600.0);

    #[test]
    fn a_tidy_layout_has_no_problems() {
        let nodes = [
            node(1, None, Rect::new(0.0, 0.0, 800.0, 600.0), None),
            node(2, Some(1), Rect::new(10.0, 10.0, 200.0, 40.0), Some(Vec2::new(150.0, 24.0))),
            node(3, Some(1), Rect::new(210.0, 10.0, 300.0, 40.0), Some(Vec2::new(80.0, 24.0))),
        ];
        assert_eq!(layout_problems(&nodes, WINDOW), Vec::<String>::new());
    }

    #[test]
    fn text_wider_than_its_node_is_reported() {
        let nodes = [node(2, None, Rect::new(10.0, 10.0, 200.0, 40.0), Some(Vec2::new(230.0, 24.0)))];
        let problems = layout_problems(&nodes, WINDOW);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("does not fit its node"));
    }

    #[test]
    fn overlapping_siblings_and_nodes_outside_the_window_are_reported() {
        let nodes = [
            node(1, None, Rect::new(0.0, 0.0, 900.0, 600.0), None),
            node(2, Some(1), Rect::new(10.0, 10.0, 200.0, 40.0), Some(Vec2::new(150.0, 24.0))),
            node(3, Some(1), Rect::new(150.0, 10.0, 300.0, 40.0), Some(Vec2::new(80.0, 24.0))),
        ];
        let problems = layout_problems(&nodes, WINDOW);
        assert!(problems.iter().any(|p| p.contains("outside")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("overlaps")), "{problems:?}");
    }

    #[test]
    fn text_running_out_of_its_parent_is_reported() {
        let nodes = [
            node(1, None, Rect::new(0.0, 0.0, 100.0, 100.0), None),
            node(2, Some(1), Rect::new(10.0, 10.0, 200.0, 40.0), Some(Vec2::new(150.0, 24.0))),
        ];
        let problems = layout_problems(&nodes, WINDOW);
        assert!(problems.iter().any(|p| p.contains("runs out of its parent")), "{problems:?}");
    }
}
