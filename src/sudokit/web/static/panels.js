// The Learn, Make and Batch panels: each asks the API and draws the answer; no puzzle logic here.

import { post } from "./api.js";

const $ = (id) => document.getElementById(id);

function setText(id, text, kind = "") {
  const el = $(id);
  el.textContent = text;
  el.dataset.kind = kind;
}

// What a step highlights on the board.
function stepOverlay(step) {
  return {
    cells: step.cells, unitCells: step.unit_cells, candidates: step.candidates,
    eliminations: step.eliminations, placements: step.placements, links: step.links,
  };
}

function describe(step) {
  const rating = step.difficulty ? ` (${step.difficulty.toFixed(1)})` : "";
  return `${step.technique}${rating}: ${step.explanation}`;
}

// -- learn -------------------------------------------------------------------------------------------

export function setupLearn(app) {
  let path = null;
  let index = 0;

  // Forget what an earlier hint or explanation said (and the game's status line).
  function clearMessages() {
    for (const id of ["hint-text", "hint-meaning", "explain-text", "explain-meaning", "rating"]) setText(id, "");
    delete $("hint-text").dataset.level;
    $("explain-list").replaceChildren();
    for (const id of ["explain-prev", "explain-next", "explain-close"]) $(id).disabled = true;
    app.message("");
  }

  async function hint(level) {
    const game = app.game;
    app.clearOverlay();
    clearMessages();
    setText("hint-text", "Thinking…");
    try {
      const answer = await post("/api/hint", {
        puzzle: game.puzzle, grid: game.cells, marks: game.marksLists(), level,
      });
      if (answer.status === "limit_reached") return setText("hint-text", answer.error, "warn");
      app.overlay = level === 3 ? stepOverlay(answer.step) : { look: answer.look };
      setText("hint-text", answer.message, answer.status === "solved" ? "" : "warn");
      setText("hint-meaning", answer.meaning ? `${answer.technique}: ${answer.meaning}` : "");
      $("hint-text").dataset.level = level;
      app.redraw();
    } catch (error) {
      setText("hint-text", error.message, "error");
    }
  }
  for (const level of [1, 2, 3]) $(`hint-${level}`).addEventListener("click", () => hint(level));

  $("rate").addEventListener("click", async () => {
    setText("rating", "Rating…");
    try {
      const r = await post("/api/rate", { puzzle: app.game.puzzle });
      if (r.status !== "rated") return setText("rating", `${r.status}: ${r.error}`, "warn");
      setText("rating", `ER ${r.er.toFixed(1)} / EP ${r.ep.toFixed(1)} / ED ${r.ed.toFixed(1)} — level ${r.level}` +
        ` (score ${r.score}; hardest: ${r.hardest.join(", ")})`);
    } catch (error) {
      setText("rating", error.message, "error");
    }
  });

  function show() {
    const step = path[index];
    app.view = { cells: step.grid, marks: step.masks };
    app.overlay = stepOverlay(step);
    setText("explain-text", `Step ${index + 1} of ${path.length}. ${describe(step)}`);
    setText("explain-meaning", step.meaning ? `${step.technique}: ${step.meaning}` : "");
    $("explain-prev").disabled = index === 0;
    $("explain-next").disabled = index === path.length - 1;
    $("explain-close").disabled = false;
    for (const item of $("explain-list").children) item.classList.toggle("current", Number(item.dataset.step) === index);
    app.redraw();
  }

  $("explain").addEventListener("click", async () => {
    app.clearOverlay();
    clearMessages();
    app.redraw();
    setText("explain-text", "Explaining…");
    try {
      const answer = await post("/api/explain", { puzzle: app.game.puzzle });
      if (!answer.steps.length) return setText("explain-text", `${answer.status}: ${answer.error}`, "warn");
      path = answer.steps;
      index = 0;
      $("explain-list").replaceChildren(...path.map((step, i) => {
        const item = Object.assign(document.createElement("li"), { textContent: describe(step) });
        item.dataset.step = i;
        item.addEventListener("click", () => { index = i; show(); });
        return item;
      }));
      show();
      if (answer.status !== "solved") setText("explain-text", `${$("explain-text").textContent} — ${answer.error}`, "warn");
    } catch (error) {
      setText("explain-text", error.message, "error");
    }
  });
  $("explain-prev").addEventListener("click", () => { index = Math.max(0, index - 1); show(); });
  $("explain-next").addEventListener("click", () => { index = Math.min(path.length - 1, index + 1); show(); });
  $("explain-close").addEventListener("click", () => {
    app.clearOverlay();
    clearMessages();
    app.redraw();
  });
}

// -- make --------------------------------------------------------------------------------------------

export function setupMake(app) {
  let pasted = null;

  // Only the sizes and levels the generator makes for the chosen variant (the table of
  // sudokit.generation.kinds); "any" level always stays.
  const form = $("generate-form");
  const fitChoice = (select, allowed) => {
    for (const option of select.options) option.disabled = option.value !== "" && !allowed.includes(option.value);
    if (select.selectedOptions[0].disabled) {
      const first = [...select.options].find((o) => !o.disabled);
      if (first) select.value = first.value;
    }
  };
  const fitSizes = () => {
    const chosen = form.elements.variant.selectedOptions[0];
    fitChoice(form.elements.size, (chosen && chosen.dataset.sizes || "").split(" "));
    fitChoice(form.elements.level, (chosen && chosen.dataset.levels || "").split(" "));
  };
  form.elements.variant.addEventListener("change", fitSizes);
  fitSizes();

  $("generate-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const request = { size: Number(form.get("size")), symmetry: form.get("symmetry") };
    if (form.get("variant")) request.variant = form.get("variant");
    const difficulty = String(form.get("range") || "").trim() || form.get("level");
    if (difficulty) request.difficulty = difficulty;
    if (String(form.get("technique") || "").trim()) request.technique = form.get("technique").trim();
    const seed = String(form.get("seed") || "").trim();
    if (seed) request.seed = seed;  // a string: JavaScript numbers lose digits past 2^53
    const slow = request.variant && request.size >= 9;  // a 9×9 variant: seconds to a minute
    setText("generate-result", slow ? "Generating… (a 9×9 variant can take up to a minute)" : "Generating…");
    $("generate").disabled = true;
    try {
      const answer = await post("/api/generate", request);
      if (answer.status !== "solved") return setText("generate-result", answer.error, "warn");
      const rating = answer.rating ? `, ER ${answer.rating.er}, ${answer.rating.level}` : "";
      setText("generate-result", `${answer.n}×${answer.n}, ${answer.clues} clues${rating} (seed ${answer.seed})`);
      $("generate-seed").textContent = answer.seed;
      $("seed-line").hidden = false;
      app.start(answer);
    } catch (error) {
      setText("generate-result", error.message, "error");
    } finally {
      $("generate").disabled = false;
    }
  });

  $("validate").addEventListener("click", async () => {
    const out = $("validate-result");
    out.replaceChildren();
    pasted = null;
    $("play-pasted").disabled = true;
    const line = (label, value, kind = "") => {
      const p = Object.assign(document.createElement("p"), { textContent: `${label}: ${value}` });
      p.dataset.kind = kind;
      out.append(p);
    };
    try {
      const answer = await post("/api/validate", { puzzle: $("paste").value });
      line("Status", answer.status, answer.status === "solved" ? "success" : "warn");
      line("Grid", `${answer.n}×${answer.n} (boxes ${answer.box}), ${answer.cells.filter((v) => v).length} clues`);
      line("Unique", answer.unique ? "yes" : `no (${answer.count} solution${answer.count === 1 ? "" : "s"} found)`);
      if (answer.minimal !== null) line("Minimal", answer.minimal ? "yes" : "no: some clue can be removed");
      const r = answer.rating;
      if (r) line("Rating", r.status === "rated" ? `ER ${r.er} / EP ${r.ep} / ED ${r.ed}, ${r.level}` : `${r.status}: ${r.error}`);
      if (answer.error) line("Problem", answer.error, "warn");
      pasted = answer.puzzle;
      $("play-pasted").disabled = false;
    } catch (error) {
      line("Invalid", error.message, "error");
    }
  });
  $("play-pasted").addEventListener("click", () => pasted && app.open(pasted));
}

// -- batch -------------------------------------------------------------------------------------------

const MAX_FILE_BYTES = 1_000_000;
const COLUMNS = ["file", "line", "puzzle", "status", "solution", "count", "error", "er", "ep", "ed", "level"];

function flat(row) {
  const r = row.rating || {};
  return { ...row, er: r.er ?? null, ep: r.ep ?? null, ed: r.ed ?? null, level: r.level ?? null };
}

function csv(rows) {
  const cell = (v) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [COLUMNS.join(","), ...rows.map((row) => COLUMNS.map((c) => cell(flat(row)[c])).join(","))].join("\n") + "\n";
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function short(text, keep = 24) {
  if (!text) return "";
  return text.length > keep ? `${text.slice(0, keep)}…` : text;
}

export function setupBatch(app) {
  let rows = [];
  let name = "puzzles";

  function table() {
    const body = $("batch-table").tBodies[0];
    body.replaceChildren(...rows.map((row, i) => {
      const tr = document.createElement("tr");
      tr.dataset.row = i;
      tr.dataset.status = row.status;
      const r = row.rating || {};
      for (const [value, title] of [[row.line], [short(row.puzzle), row.puzzle], [row.status],
        [short(row.solution), row.solution], [row.count ?? ""], [r.er ?? ""], [r.level ?? (r.status && r.status !== "rated" ? r.status : "")],
        [row.error || ""]]) {
        const td = Object.assign(document.createElement("td"), { textContent: value });
        if (title) td.title = title;
        tr.append(td);
      }
      tr.addEventListener("click", () => {
        if (row.status === "invalid") return setText("batch-summary", row.error, "error");
        app.open(row.puzzle);
      });
      return tr;
    }));
  }

  $("batch-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setText("batch-summary", `${file.name} is over ${MAX_FILE_BYTES} bytes`, "error");
    name = file.name.replace(/\.[^.]*$/, "") || "puzzles";
    setText("batch-summary", `Checking ${file.name}…`);
    try {
      const text = await file.text();
      const answer = await post("/api/batch", { text, rate: $("batch-rate").checked });
      rows = answer.results;
      const counts = Object.entries(answer.statuses).map(([k, v]) => `${v} ${k}`).join(", ");
      setText("batch-summary", `${file.name}: ${answer.total} puzzle${answer.total === 1 ? "" : "s"} — ${counts}. Click a row to play it.`);
      $("download-csv").disabled = $("download-jsonl").disabled = !rows.length;
      table();
    } catch (error) {
      setText("batch-summary", error.message, "error");
    } finally {
      event.target.value = "";
    }
  });
  $("download-csv").addEventListener("click", () => download(`${name}-results.csv`, "text/csv", csv(rows)));
  $("download-jsonl").addEventListener("click", () =>
    download(`${name}-results.jsonl`, "application/x-ndjson", rows.map((r) => JSON.stringify(r)).join("\n") + "\n"));
}
