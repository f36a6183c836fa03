extension WebPage {
    static let css = #"""
:root { --ink: #1d2330; --muted: #6b7280; --line: #e5e7eb; --bg: #f6f7f9; --accent: #2563eb;
  --sure: 34, 160, 90; --unsure: 217, 140, 0; --doubt: 220, 38, 38; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg);
  height: 100vh; display: flex; flex-direction: column; }
header { display: flex; gap: 1.5rem; align-items: center; padding: .8rem 1.2rem; background: #fff; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.2rem; margin: 0; letter-spacing: .02em; }
h2 { font-size: .8rem; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 1rem 0 .4rem; }
#drop { flex: 1; border: 2px dashed #c7cdd8; border-radius: 10px; padding: .7rem 1rem; cursor: pointer; text-align: center; }
#drop.over { border-color: var(--accent); background: #eef4ff; }
#drop input { display: none; }
#drop .hint { display: block; color: var(--muted); font-size: .85rem; }
#options { display: flex; gap: 1rem; color: var(--muted); font-size: .9rem; }
#options input[name=lang] { font: inherit; padding: .15rem .3rem; }
main { flex: 1; display: grid; grid-template-columns: 260px 1fr 320px; min-height: 0; }
#batches { overflow: auto; border-right: 1px solid var(--line); background: #fff; padding: .6rem; }
.batch { margin-bottom: 1rem; }
.batch-head { display: flex; justify-content: space-between; font-weight: 600; font-size: .9rem; }
.progress { height: 6px; background: var(--line); border-radius: 3px; margin: .35rem 0 .5rem; overflow: hidden; }
.progress div { height: 100%; background: var(--accent); width: 0; transition: width .2s; }
.batch-links { font-size: .8rem; color: var(--muted); margin-bottom: .3rem; }
.batch-links button { font-size: .8rem; padding: 0 .3rem; }
.items { list-style: none; margin: 0; padding: 0; max-height: 60vh; overflow: auto; }
.item { display: flex; gap: .4rem; align-items: center; padding: .25rem .4rem; border-radius: 6px; cursor: pointer; font-size: .88rem; }
.item:hover { background: var(--bg); }
.item.selected { background: #e8efff; }
.item .name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.item .state { font-size: .75rem; color: var(--muted); }
.item[data-status=failed] .state { color: rgb(var(--doubt)); }
.item[data-status=pending] { cursor: default; color: var(--muted); }
#viewer { position: relative; overflow: auto; padding: 1rem; }
#toolbar { display: flex; justify-content: space-between; align-items: center; margin-bottom: .6rem; gap: 1rem; }
#page-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
button { font: inherit; border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: .2rem .55rem; cursor: pointer; margin-left: .25rem; }
button:hover { border-color: var(--accent); color: var(--accent); }
#stage { position: relative; display: inline-block; max-width: 100%; }
#stage img { display: block; max-width: 100%; height: auto; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
#stage svg { position: absolute; inset: 0; width: 100%; height: 100%; }
.line { fill: none; stroke: rgba(37, 99, 235, .35); stroke-width: 1; vector-effect: non-scaling-stroke; }
.word { stroke-width: 1.5; vector-effect: non-scaling-stroke; cursor: pointer; }
.word.sure { fill: rgba(var(--sure), .16); stroke: rgba(var(--sure), .7); }
.word.unsure { fill: rgba(var(--unsure), .22); stroke: rgba(var(--unsure), .85); }
.word.doubt { fill: rgba(var(--doubt), .22); stroke: rgba(var(--doubt), .9); stroke-width: 2.5; }
.word.selected { fill: rgba(37, 99, 235, .35); stroke: var(--accent); stroke-width: 3; }
#popover { position: absolute; z-index: 5; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .6rem .8rem;
  box-shadow: 0 6px 24px rgba(0,0,0,.15); min-width: 180px; font-size: .9rem; }
#popover .reading { font-size: 1.15rem; font-weight: 600; }
#popover ol { margin: .3rem 0 0; padding-left: 1.2rem; }
#popover .confidence { color: var(--muted); }
#side { border-left: 1px solid var(--line); background: #fff; padding: 0 1rem 1rem; overflow: auto; }
#text { white-space: pre-wrap; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .85rem; }
#text span { cursor: pointer; border-radius: 3px; }
#text span.doubt { background: rgba(var(--doubt), .15); }
#text span.unsure { background: rgba(var(--unsure), .15); }
#text span.selected { outline: 2px solid var(--accent); }
#review { padding-left: 1.3rem; font-size: .9rem; }
#review li { cursor: pointer; margin-bottom: .2rem; }
#review li:hover { color: var(--accent); }
#review .alternatives { color: var(--muted); }
.empty { color: var(--muted); }
#message { position: fixed; bottom: 1rem; left: 50%; transform: translateX(-50%); background: var(--ink); color: #fff; padding: .5rem 1rem;
  border-radius: 8px; max-width: 80vw; }
"""#
}
