// The board: a CSS grid of cells (data-cell="i"), pencil marks inside empty cells, hint overlays,
// and an SVG layer for the links of a chain. It draws what it is given and holds no puzzle logic.

export const DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The text of each value 1…n: the rules' digit set when they have one (a link's "digits 0-8"),
// else 1-9 then letters.
export function digitLabels(rules, n) {
  return rules && rules.digits ? rules.digits.map(String) : DIGITS.slice(0, n).split("");
}

// The rows, columns and boxes of an n×n grid with br×bc boxes, each a list of cell indexes.
export function units(n, br, bc) {
  const out = [];
  for (let r = 0; r < n; r++) out.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) out.push([...Array(n).keys()].map((r) => r * n + c));
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / (n / bc)) * br;
    const c0 = (b % (n / bc)) * bc;
    const box = [];
    for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) box.push((r0 + r) * n + c0 + c);
    out.push(box);
  }
  return out;
}

// For each cell, the set of its peers (cells sharing a row, column or box).
export function peers(n, br, bc) {
  const out = Array.from({ length: n * n }, () => new Set());
  for (const unit of units(n, br, bc)) {
    for (const a of unit) for (const b of unit) if (a !== b) out[a].add(b);
  }
  return out;
}

const SVG = "http://www.w3.org/2000/svg";

export class Board {
  // layers: {under, over}, the SVGs a link's constraints are drawn in (under: blended into the cells).
  constructor(element, linksSvg, onSelect, layers = {}) {
    this.el = element;
    this.svg = linksSvg;
    this.onSelect = onSelect;
    this.layers = layers;
    this.shapeKey = "";
  }

  // Build the cells once per grid shape (and variant: its peers, piece borders, shaded cells).
  build(n, br, bc, rules) {
    const drawing = (rules && rules.drawing) || null;
    const key = `${n}:${br}x${bc}:${rules ? JSON.stringify([rules.name, rules.pieces, rules.cages, rules.digits, drawing]) : ""}`;
    if (key === this.shapeKey) return;
    this.shapeKey = key;
    this.rules = rules || null;
    this.labels = digitLabels(rules, n);
    this.peerSets = rules ? rules.peers.map((list) => new Set(list)) : peers(n, br, bc);
    const pieces = rules && rules.pieces;
    const shaded = new Set(rules ? rules.shaded : []);
    this.el.replaceChildren();
    this.el.style.setProperty("--n", n);
    this.el.dataset.size = n;
    this.cells = [];
    for (let i = 0; i < n * n; i++) {
      const cell = document.createElement("div");
      const r = Math.floor(i / n), c = i % n;
      cell.className = "cell";
      cell.dataset.cell = i;
      cell.setAttribute("role", "gridcell");
      if (pieces) {  // a jigsaw: thick lines between pieces instead of boxes
        if (c !== n - 1 && pieces[i] !== pieces[i + 1]) cell.classList.add("box-r");
        if (r !== n - 1 && pieces[i] !== pieces[i + n]) cell.classList.add("box-b");
      } else {
        if (c % bc === bc - 1 && c !== n - 1) cell.classList.add("box-r");
        if (r % br === br - 1 && r !== n - 1) cell.classList.add("box-b");
      }
      if (shaded.has(i)) cell.classList.add("shaded");
      cell.addEventListener("pointerdown", (event) => {
        event.preventDefault();
        this.el.focus();
        this.onSelect(i);
      });
      this.el.append(cell);
      this.cells.push(cell);
    }
    this.svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
    this.svg.setAttribute("preserveAspectRatio", "none");
    this.drawConstraints(drawing, n);
  }

  // A link's constraints (thermometers, arrows, dots, clues outside the grid…) as the server drew
  // them (sudokit.render.constraints): SVG in units of drawing.cell per cell, laid over the board.
  drawConstraints(drawing, n) {
    const wrap = this.el.parentElement;
    if (wrap) wrap.style.margin = drawing && drawing.margin ? `calc(var(--board) / ${n} * ${drawing.margin})` : "";
    for (const part of ["under", "over"]) {
      const layer = this.layers[part];
      if (!layer) continue;
      layer.replaceChildren();
      layer.dataset.kinds = drawing ? drawing.kinds.join(" ") : "";
      if (!drawing) continue;
      layer.setAttribute("viewBox", `0 0 ${drawing.size} ${drawing.size}`);
      for (const [theme, key] of [["light", part], ["dark", `dark_${part}`]]) {  // style.css shows one
        const doc = new DOMParser().parseFromString(
          `<svg xmlns="${SVG}"><g class="theme-${theme}">${drawing[key] || ""}</g></svg>`, "image/svg+xml");
        if (doc.querySelector("parsererror")) continue;
        layer.append(document.importNode(doc.documentElement.firstElementChild, true));
      }
    }
  }

  // Draw a view: {n, br, bc, givens, cells, marks, selected, highlight, conflicts, wrong, overlay}.
  draw(view) {
    const { n, br, bc } = view;
    this.build(n, br, bc, view.rules);
    const overlay = view.overlay || {};
    const look = new Set(overlay.look || []);
    const stepCells = new Set(overlay.cells || []);
    const unitCells = new Set((overlay.unitCells || []).flat());
    const cand = new Map(), elim = new Map(), place = new Map();
    for (const [c, d] of overlay.candidates || []) cand.set(c, (cand.get(c) || 0) | (1 << (d - 1)));
    for (const [c, d] of overlay.eliminations || []) elim.set(c, (elim.get(c) || 0) | (1 << (d - 1)));
    for (const [c, d] of overlay.placements || []) place.set(c, d);
    const selected = view.selected;
    const selDigit = view.highlight || 0;
    for (let i = 0; i < n * n; i++) {
      const cell = this.cells[i];
      const value = view.cells[i];
      const cls = cell.classList;
      cls.toggle("given", view.givens[i] !== 0);
      cls.toggle("selected", i === selected);
      cls.toggle("peer", selected != null && this.peerSets[selected].has(i));
      cls.toggle("same", selDigit !== 0 && value === selDigit);
      cls.toggle("conflict", view.conflicts.has(i));
      cls.toggle("wrong", view.wrong.has(i));
      cls.toggle("hint-look", look.has(i));
      cls.toggle("hint-cell", stepCells.has(i));
      cls.toggle("hint-unit", unitCells.has(i));
      cls.toggle("hint-place", place.has(i));
      cls.toggle("hint-elim", elim.has(i));
      cell.dataset.value = value;
      if (value) {
        cell.replaceChildren(Object.assign(document.createElement("span"), {
          className: "value", textContent: this.labels[value - 1],
        }));
        continue;
      }
      const marks = document.createElement("div");
      marks.className = "marks";
      marks.style.gridTemplate = `repeat(${br}, 1fr) / repeat(${bc}, 1fr)`;
      const mask = (view.marks[i] || 0) | (cand.get(i) || 0) | (elim.get(i) || 0);
      for (let d = 1; d <= n; d++) {
        const mark = document.createElement("span");
        const bit = 1 << (d - 1);
        mark.className = "mark";
        mark.dataset.digit = d;
        if (mask & bit) mark.textContent = this.labels[d - 1];
        if ((cand.get(i) || 0) & bit) mark.classList.add("cand");
        if ((elim.get(i) || 0) & bit) mark.classList.add("elim");
        if (place.get(i) === d) mark.classList.add("place");
        if (d === selDigit && mask & bit) mark.classList.add("hl");
        marks.append(mark);
      }
      cell.replaceChildren(marks);
    }
    this.drawLinks(overlay.links || [], n, br, bc);
  }

  // Lines between the candidates of a chain: solid when strong, dashed when weak.
  drawLinks(links, n, br, bc) {
    this.svg.replaceChildren();
    if (this.rules) this.drawRules(this.rules, n);
    const at = ([cell, digit]) => {
      const r = Math.floor(cell / n), c = cell % n;
      const k = digit - 1;
      return [c + ((k % bc) + 0.5) / bc, r + (Math.floor(k / bc) + 0.5) / br];
    };
    for (const link of links) {
      const [x1, y1] = at(link.start);
      const [x2, y2] = at(link.end);
      const line = document.createElementNS(SVG, "line");
      for (const [name, value] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(name, value);
      line.setAttribute("class", link.strong ? "link strong" : "link weak");
      line.setAttribute("vector-effect", "non-scaling-stroke");
      this.svg.append(line);
    }
  }

  // A variant's marks over the cells: Sudoku X's diagonals, Killer's dashed cages and sums.
  drawRules(rules, n) {
    const add = (tag, attrs, text) => {
      const el = document.createElementNS(SVG, tag);
      for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
      if (text != null) el.textContent = text;
      this.svg.append(el);
      return el;
    };
    for (const cells of rules.diagonals) {
      const first = cells[0], last = cells[cells.length - 1];
      const down = first === 0;
      add("line", {
        x1: down ? 0 : 0, y1: down ? 0 : n, x2: down ? n : n, y2: down ? n : 0,
        class: "diagonal", "vector-effect": "non-scaling-stroke", "data-from": first, "data-to": last,
      });
    }
    for (const cage of rules.cages) {  // its outline comes from the server (sudokit.render.layout)
      const parts = cage.edges.map(([x1, y1, x2, y2]) => `M${x1} ${y1}L${x2} ${y2}`);
      add("path", { d: parts.join(""), class: "cage", "vector-effect": "non-scaling-stroke" });
      if (cage.sum != null) {
        const top = Math.min(...cage.cells), r = Math.floor(top / n), c = top % n;
        add("text", { x: c + 0.05, y: r + 0.24, class: "cage-sum" }, String(cage.sum));
      }
    }
  }
}
