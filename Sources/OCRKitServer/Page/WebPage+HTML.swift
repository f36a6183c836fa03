extension WebPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>OCRKit</title>
<link rel="stylesheet" href="/app.css">
<link rel="icon" href="data:,">
</head>
<body>
<header>
  <h1>OCRKit</h1>
  <label id="drop" for="files">
    <input id="files" type="file" multiple accept="image/*,.heic,.heif,.avif,.tif,.tiff,.pdf,application/pdf">
    <strong>Drop images or PDFs here</strong> or <u>choose files</u>
    <span class="hint">one receipt or a 300-page batch; read on this machine</span>
  </label>
  <form id="options">
    <label>Languages <input name="lang" value="eng" size="8" title="joined by +, most likely first"></label>
    <label><input type="checkbox" name="straighten"> Straighten photos of pages</label>
  </form>
</header>
<main>
  <nav id="batches" aria-label="Batches"><p class="empty">Your images appear here as they are read.</p></nav>
  <section id="viewer" aria-label="Page">
    <div id="toolbar" hidden>
      <span id="page-name"></span>
      <span class="downloads">Download
        <button data-format="text">Text</button><button data-format="json">JSON</button><button data-format="hocr">hOCR</button><button data-format="alto">ALTO</button><button data-format="pdf">PDF</button>
      </span>
    </div>
    <div id="stage"><p class="empty">Choose a page on the left to see its words.</p></div>
    <div id="popover" hidden role="dialog"></div>
  </section>
  <aside id="side" hidden>
    <h2>Text</h2>
    <div id="text"></div>
    <h2>To review <span id="review-count"></span></h2>
    <ol id="review"></ol>
  </aside>
</main>
<div id="message" role="status" hidden></div>
<script src="/app.js"></script>
</body>
</html>
"""#
}
