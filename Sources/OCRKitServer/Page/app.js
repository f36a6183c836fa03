"use strict";
// OCRKit's page: everything it shows comes from the API (docs/openapi.yaml).

const state = {
  token: sessionStorage.getItem("ocrkit-token"),
  selected: null,        // { item, page, imageURL }: the page shown; an item is { id, name, row, flagged }
  opening: null,         // the item last asked for: its page replaces the one shown once loaded
};

// ---- calls -------------------------------------------------------------------------------

async function call(path, options = {}) {
  const headers = new Headers(options.headers || {});
  if (state.token) headers.set("Authorization", "Bearer " + state.token);
  const response = await fetch(path, { ...options, headers });
  if (response.status === 401) {
    const token = prompt("This server needs its token (ocr serve --token):");
    if (token) {
      state.token = token;
      sessionStorage.setItem("ocrkit-token", token);
      return call(path, options);
    }
  }
  if (!response.ok) {
    let message = response.status + " " + response.statusText;
    try { message = (await response.json()).error.message; } catch (_) {}
    throw Object.assign(new Error(message), { status: response.status });
  }
  return response;
}

function say(text) {
  const box = document.getElementById("message");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

// ---- uploading -----------------------------------------------------------------------------

// A selection goes up in parts of at most this many bytes, each a batch of its own: the server
// limits a request's size (ocr serve --max-request-size, 64 MB by default) and its images.
const partBytes = 32 << 20;

async function upload(files) {
  const images = [...files];
  if (!images.length) return;
  const options = new FormData(document.getElementById("options"));
  // Spelled out rather than by URLSearchParams, whose '+' for a space the server reads as a '+'.
  // No languages: the server reads each page in a language of its script.
  const lang = (options.get("lang") || "").trim();
  const query = lang ? { lang } : {};
  if (options.get("straighten")) query.straighten = "true";
  const parts = [];
  for (const [index, image] of images.entries()) {
    const part = parts[parts.length - 1];
    if (part && part.bytes + image.size <= partBytes) {
      part.images.push({ image, index });
      part.bytes += image.size;
    } else {
      parts.push({ images: [{ image, index }], bytes: image.size });
    }
  }
  for (const part of parts) await queuePart(part.images, images.length, query);
}

// Queues `part` (images with their place in the selection of `total`) as one batch, or, when the
// server finds it too large, as two halves.
async function queuePart(part, total, query) {
  const form = new FormData();
  for (const { image } of part) form.append("images", image, image.name);
  const first = part[0].index + 1, last = part[part.length - 1].index + 1;
  const name = total === 1 ? part[0].image.name : part.length === total ? `${total} images` : `${total} images, ${first}-${last}`;
  const search = Object.entries({ ...query, name }).map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
  try {
    const batch = await (await call("/v1/batches?" + search, { method: "POST", body: form })).json();
    showBatch(batch, part.map(({ image }) => image.name));
    followInTurn(batch);
  } catch (error) {
    if (error.status === 413 && part.length > 1) {
      const half = Math.ceil(part.length / 2);
      await queuePart(part.slice(0, half), total, query);
      await queuePart(part.slice(half), total, query);
    } else {
      say(`Not queued (${part.length === 1 ? part[0].image.name : name}): ${error.message}`);
    }
  }
}

// ---- batches and their events ----------------------------------------------------------------

function showBatch(batch, names) {
  const list = document.getElementById("batches");
  list.querySelector(".empty")?.remove();
  const section = document.createElement("section");
  section.className = "batch";
  section.id = "batch-" + batch.id;
  section.innerHTML = `<div class="batch-head"><span class="title"></span><span class="count"></span></div>
    <div class="progress"><div></div></div>
    <div class="batch-links">All pages: <button data-format="text">Text</button><button data-format="markdown">Markdown</button><button data-format="jsonl">JSON</button><button data-format="pdf">PDF</button></div>
    <ol class="items"></ol>`;
  section.querySelector(".title").textContent = batch.name || "Batch " + batch.id;
  section.querySelectorAll(".batch-links button").forEach((button) => button.addEventListener("click", () =>
    download(`/v1/batches/${batch.id}/results?format=${button.dataset.format}`, `batch-${batch.id}`, button.dataset.format)));
  const rows = section.querySelector(".items");
  // A document is an item a page: its pages are named as their events arrive.
  const named = batch.total === names.length;
  batch.rows = Array.from({ length: batch.total }, (_, index) => {
    const row = document.createElement("li");
    row.className = "item";
    row.dataset.status = "pending";
    row.innerHTML = `<span class="name"></span><span class="state">waiting</span>`;
    row.querySelector(".name").textContent = named ? names[index] : `page ${index + 1} of ${batch.total}`;
    row.title = row.querySelector(".name").textContent;
    rows.append(row);
    return row;
  });
  batch.finished = 0;
  list.prepend(section);
  updateProgress(batch);
}

function updateProgress(batch) {
  const section = document.getElementById("batch-" + batch.id);
  section.querySelector(".count").textContent = `${batch.finished} / ${batch.total}`;
  section.querySelector(".progress div").style.width = (100 * batch.finished / Math.max(1, batch.total)) + "%";
}

// Batches are followed one after another, as the queue reads them: a browser opens only a few
// connections to a server at once, and a stream for each of many parts would take them all.
let following = Promise.resolve();
function followInTurn(batch) {
  following = following.then(() => follow(batch));
}

// Follows one batch's events until it is done, resuming from the last event after a cut.
async function follow(batch) {
  let last = null;
  while (batch.finished < batch.total) {
    const controller = new AbortController();
    try {
      const headers = last ? { "Last-Event-ID": last } : {};
      const response = await call(`/v1/events?batch=${batch.id}`, { headers, signal: controller.signal });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      while (batch.finished < batch.total) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = parseEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) { last = event.id; handle(batch, event.data); }
        }
      }
      controller.abort();
    } catch (error) {
      if (batch.finished < batch.total) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

function parseEvent(block) {
  const fields = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trim();
  }
  return fields.id && fields.data ? { id: fields.id, data: JSON.parse(fields.data) } : null;
}

function handle(batch, event) {
  const row = batch.rows[event.index];
  if (!row || (event.kind === "failed" && event.willRetry)) return;
  if (row.dataset.status === "pending") batch.finished += 1;
  const name = event.page ? `${event.image}, page ${event.page}` : event.image;
  row.querySelector(".name").textContent = name;
  const item = { id: event.item, name, row, flagged: event.flaggedWords || 0 };
  row.dataset.status = event.kind;
  row.dataset.item = event.item;
  const label = row.querySelector(".state");
  if (event.kind === "completed") {
    label.textContent = item.flagged ? `${item.flagged} to review` : "read";
    row.onclick = () => openItem(item);
    if (!state.opening) openItem(item);
  } else {
    label.textContent = event.kind;
    row.title = event.error || event.kind;
  }
  updateProgress(batch);
}

// ---- one page ----------------------------------------------------------------------------

async function openItem(item) {
  // The page shown, or on its way, is not fetched and drawn again: that would close the word a
  // person just opened on it.
  if (state.opening?.id === item.id) return;
  state.opening = item;
  document.querySelectorAll(".item.selected").forEach((row) => row.classList.remove("selected"));
  item.row.classList.add("selected");
  try {
    const [page, image] = await Promise.all([
      call(`/v1/items/${item.id}`).then((response) => response.json()),
      call(`/v1/items/${item.id}/image`).then((response) => response.blob()),
    ]);
    // A page asked for later wins over this one, however their answers come.
    if (state.opening !== item) return;
    // The image shown before is let go: a long batch's pages would otherwise all stay in memory.
    if (state.selected) URL.revokeObjectURL(state.selected.imageURL);
    state.selected = { item, page, imageURL: URL.createObjectURL(image) };
    draw(page, state.selected.imageURL);
  } catch (error) {
    // Asked for again, it is fetched again.
    if (state.opening === item) state.opening = state.selected?.item;
    say(item.name + ": " + error.message);
  }
}

function otherReadings(word) {
  return (word.alternatives || []).filter((alternative) => alternative.text !== word.text);
}

// The server flags the words to review (its flag threshold); the page draws no line of its own.
function confidenceClass(word) {
  return word.flagged ? "doubt" : "sure";
}

function points(element, page) {
  if (element.quad) return element.quad.map(([x, y]) => `${x},${y}`).join(" ");
  const b = element.box, w = page.width, h = page.height;
  return `${b.x * w},${b.y * h} ${(b.x + b.width) * w},${b.y * h} ${(b.x + b.width) * w},${(b.y + b.height) * h} ${b.x * w},${(b.y + b.height) * h}`;
}

function draw(page, imageURL) {
  document.getElementById("toolbar").hidden = false;
  document.getElementById("side").hidden = false;
  document.getElementById("page-name").textContent = page.image;
  document.getElementById("popover").hidden = true;
  const stage = document.getElementById("stage");
  const svgNS = "http://www.w3.org/2000/svg";
  const img = document.createElement("img");
  img.src = imageURL;
  img.alt = page.image;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${page.width} ${page.height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  const text = document.getElementById("text");
  const review = document.getElementById("review");
  text.replaceChildren();
  review.replaceChildren();
  let flagged = 0;
  page.lines.forEach((line, l) => {
    const outline = document.createElementNS(svgNS, "polygon");
    outline.setAttribute("class", "line");
    outline.setAttribute("points", points(line, page));
    svg.append(outline);
    line.words.forEach((word, w) => {
      const key = `${l}-${w}`;
      const shape = document.createElementNS(svgNS, "polygon");
      shape.setAttribute("class", "word " + confidenceClass(word));
      shape.setAttribute("points", points(word, page));
      shape.dataset.word = key;
      shape.addEventListener("click", (event) => { event.stopPropagation(); select(key); });
      svg.append(shape);
      const span = document.createElement("span");
      span.textContent = word.text;
      span.className = confidenceClass(word);
      span.dataset.word = key;
      span.addEventListener("click", () => select(key));
      text.append(span, w + 1 < line.words.length ? " " : "\n");
      if (word.flagged) {
        flagged += 1;
        const entry = document.createElement("li");
        entry.dataset.word = key;
        const others = otherReadings(word).map((a) => a.text).join(", ");
        entry.innerHTML = `<b></b> <span class="confidence"></span> <span class="alternatives"></span>`;
        entry.querySelector("b").textContent = word.text;
        entry.querySelector(".confidence").textContent = Math.round(word.confidence * 100) + "%";
        entry.querySelector(".alternatives").textContent = others ? "or " + others : "";
        entry.addEventListener("click", () => select(key));
        review.append(entry);
      }
    });
    if (!line.words.length) text.append(line.text + "\n");
  });
  document.getElementById("review-count").textContent = flagged ? `(${flagged})` : "(none)";
  drawTables(page, svg);
  stage.replaceChildren(img, svg);
}

// A page's tables, when its structure was read (ocr serve --structure): each outlined on the
// image and drawn as a grid beside it, a cell picked in one shown in the other.
function drawTables(page, svg) {
  const tables = page.tables || [];
  const list = document.getElementById("tables");
  document.getElementById("tables-heading").hidden = list.hidden = !tables.length;
  list.replaceChildren();
  tables.forEach((table, t) => {
    const outline = document.createElementNS(svg.namespaceURI, "polygon");
    outline.setAttribute("class", "table");
    outline.setAttribute("points", points(table, page));
    svg.append(outline);
    const grid = document.createElement("table");
    grid.className = "grid";
    const rows = Array.from({ length: table.rowCount }, () => grid.insertRow());
    table.cells.forEach((cell, c) => {
      const key = `${t}-${c}`;
      const shape = document.createElementNS(svg.namespaceURI, "polygon");
      shape.setAttribute("class", "cell");
      shape.setAttribute("points", points(cell, page));
      shape.dataset.cell = key;
      svg.append(shape);
      const element = document.createElement(cell.header ? "th" : "td");
      element.textContent = cell.text;
      if (cell.rowSpan) element.rowSpan = cell.rowSpan;
      if (cell.columnSpan) element.colSpan = cell.columnSpan;
      element.dataset.cell = key;
      element.addEventListener("click", () => selectCell(key));
      rows[cell.row].append(element);
    });
    const entry = document.createElement("li");
    const heading = document.createElement("div");
    heading.className = "table-head";
    heading.textContent = `${table.rowCount} rows, ${table.columnCount} columns`;
    const csv = document.createElement("button");
    csv.textContent = "CSV";
    csv.dataset.table = t + 1;
    csv.addEventListener("click", () => {
      const item = state.selected.item;
      download(`/v1/items/${item.id}/tables/${t + 1}`, `${item.name}-t${t + 1}`, "csv");
    });
    heading.append(csv);
    entry.append(heading, grid);
    list.append(entry);
  });
}

function selectCell(key) {
  document.querySelectorAll("[data-cell].selected").forEach((element) => element.classList.remove("selected"));
  document.querySelectorAll(`[data-cell="${key}"]`).forEach((element) => element.classList.add("selected"));
  document.querySelector(`#stage [data-cell="${key}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function select(key) {
  const { page } = state.selected;
  const [l, w] = key.split("-").map(Number);
  const word = page.lines[l].words[w];
  document.querySelectorAll("[data-word].selected").forEach((element) => element.classList.remove("selected"));
  document.querySelectorAll(`[data-word="${key}"]`).forEach((element) => element.classList.add("selected"));
  const popover = document.getElementById("popover");
  popover.replaceChildren();
  const reading = document.createElement("div");
  reading.className = "reading";
  reading.textContent = word.text;
  const confidence = document.createElement("div");
  confidence.className = "confidence";
  confidence.textContent = `${Math.round(word.confidence * 100)}% sure` + (word.flagged ? ", to review" : "");
  const list = document.createElement("ol");
  // The word's own reading heads its alternatives, scored on their scale, not the word's: left out.
  for (const alternative of otherReadings(word)) {
    const entry = document.createElement("li");
    entry.textContent = `${alternative.text} (${Math.round(alternative.confidence * 100)}%)`;
    list.append(entry);
  }
  popover.append(reading, confidence);
  if (list.children.length) {
    const title = document.createElement("div");
    title.textContent = "Other readings";
    popover.append(title, list);
  }
  const shape = document.querySelector(`#stage [data-word="${key}"]`);
  const area = document.getElementById("viewer").getBoundingClientRect();
  const box = shape.getBoundingClientRect();
  popover.style.left = (box.left - area.left + document.getElementById("viewer").scrollLeft) + "px";
  popover.style.top = (box.bottom - area.top + document.getElementById("viewer").scrollTop + 6) + "px";
  popover.hidden = false;
  shape.scrollIntoView({ block: "nearest", inline: "nearest" });
}

// ---- downloads -----------------------------------------------------------------------------

const extensions = { text: "txt", json: "json", jsonl: "jsonl", hocr: "hocr", alto: "xml", markdown: "md", html: "html", pdf: "pdf", csv: "csv" };

// Saves what `url` answers: under the name the server gives it, if any, else `name` with the
// format's extension.
async function download(url, name, format) {
  try {
    const response = await call(url);
    const given = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = given && format !== "pdf" ? given[1] : name.replace(/\.[^.]+$/, "") + "." + extensions[format];
    document.body.append(link);
    link.click();
    link.remove();
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  } catch (error) {
    say("Download failed: " + error.message);
  }
}

document.querySelectorAll("#toolbar button").forEach((button) => button.addEventListener("click", () => {
  const item = state.selected?.item;
  if (item) download(`/v1/items/${item.id}?format=${button.dataset.format}`, item.name, button.dataset.format);
}));

// ---- dropping and picking ------------------------------------------------------------------

const drop = document.getElementById("drop");
document.getElementById("files").addEventListener("change", (event) => { upload(event.target.files); event.target.value = ""; });
["dragenter", "dragover"].forEach((name) => drop.addEventListener(name, (event) => { event.preventDefault(); drop.classList.add("over"); }));
["dragleave", "drop"].forEach((name) => drop.addEventListener(name, () => drop.classList.remove("over")));
document.addEventListener("dragover", (event) => event.preventDefault());
document.addEventListener("drop", (event) => { event.preventDefault(); upload(event.dataTransfer.files); });
document.getElementById("stage").addEventListener("click", () => { document.getElementById("popover").hidden = true; });

// ---- languages -----------------------------------------------------------------------------

// Offers the languages the server reads, each with its scripts; without asking for a token the
// page has not been given yet (typed by hand then).
async function offerLanguages() {
  try {
    const headers = state.token ? { Authorization: "Bearer " + state.token } : {};
    const response = await fetch("/v1/languages", { headers });
    if (!response.ok) return;
    const { languages } = await response.json();
    const list = document.getElementById("languages");
    list.replaceChildren(...languages.map(({ code, scripts }) => {
      const option = document.createElement("option");
      option.value = code;
      option.label = scripts.join(", ");
      return option;
    }));
  } catch (_) {
    // Typed by hand.
  }
}
offerLanguages();
