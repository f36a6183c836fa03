"""Drives `ocr serve`'s page in Debian's chromium, as a person would: upload images (and
documents, whose pages are items of their own), see the first one's words drawn over it, open a
word's alternatives, see its tables drawn as grids, download the PDF (and, where the page has a
table, the table's CSV and the page's Markdown), and save a screenshot. Prints one JSON object
of what it saw; BrowserTests checks it.

    python3 check_page.py URL DOWNLOADS SCREENSHOT IMAGE [IMAGE...]
"""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as seen
from selenium.webdriver.support.ui import WebDriverWait

url, downloads, screenshot, images = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"]:
    options.add_argument(argument)
options.add_experimental_option("prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
# Generous: the test suite reads hundreds of images beside it on two cores.
wait = WebDriverWait(browser, 120)
report = {}
try:
    browser.get(url)
    report["title"] = browser.title
    browser.find_element(By.ID, "files").send_keys("\n".join(images))

    # Every item ends read or failed; the first image, picked from the list, opens with its words drawn.
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".item")) >= len(images)
               and not b.find_elements(By.CSS_SELECTOR, ".item[data-status=pending]"))
    rows = {row.find_element(By.CSS_SELECTOR, ".name").text: row for row in browser.find_elements(By.CSS_SELECTOR, ".item")}
    report["statuses"] = {name: row.get_attribute("data-status") for name, row in rows.items()}
    report["batches"] = [count.text for count in browser.find_elements(By.CSS_SELECTOR, ".batch .count")]
    rows[os.path.basename(images[0])].click()
    wait.until(lambda b: b.find_element(By.ID, "page-name").text == os.path.basename(images[0])
               and b.find_elements(By.CSS_SELECTOR, "#stage svg .word"))
    wait.until(lambda b: b.execute_script("const i = document.querySelector('#stage img'); return i && i.complete && i.naturalWidth > 0"))
    report["words"] = len(browser.find_elements(By.CSS_SELECTOR, "#stage svg .word"))
    report["lines"] = len(browser.find_elements(By.CSS_SELECTOR, "#stage svg .line"))
    report["text"] = browser.find_element(By.ID, "text").text
    report["review"] = len(browser.find_elements(By.CSS_SELECTOR, "#review li"))

    # A word, clicked on the image: its reading and alternatives.
    word = browser.find_elements(By.CSS_SELECTOR, "#stage svg .word")[0]
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", word)
    popover = wait.until(seen.visibility_of_element_located((By.ID, "popover")))
    report["popover"] = popover.text
    report["alternatives"] = len(popover.find_elements(By.CSS_SELECTOR, "li"))

    # Each table as its grid shows it: rows of cells, each its text and spans, "th" for a header.
    report["tables"] = browser.execute_script("""
        return [...document.querySelectorAll('#tables table.grid')].map((grid) => [...grid.rows].map((row) =>
            [...row.cells].map((cell) => ({ text: cell.innerText, rows: cell.rowSpan, columns: cell.colSpan, header: cell.tagName === 'TH' }))));""")
    report["tableOutlines"] = len(browser.find_elements(By.CSS_SELECTOR, "#stage svg .table"))
    if report["tables"]:
        # A cell picked in the grid is shown on the image.
        browser.find_elements(By.CSS_SELECTOR, "#tables td")[0].click()
        report["selectedCells"] = len(browser.find_elements(By.CSS_SELECTOR, "[data-cell].selected"))

    browser.save_screenshot(screenshot)

    buttons = {"pdf": "#toolbar button[data-format=pdf]"}
    if report["tables"]:
        buttons["csv"] = "#tables button[data-table='1']"
        buttons["md"] = "#toolbar button[data-format=markdown]"
    for extension, selector in buttons.items():
        browser.find_element(By.CSS_SELECTOR, selector).click()
        deadline = time.time() + 30
        while time.time() < deadline and not any(name.endswith("." + extension) for name in os.listdir(downloads)):
            time.sleep(0.2)
    report["downloads"] = sorted(os.listdir(downloads))
    report["errors"] = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
finally:
    browser.quit()
print(json.dumps(report))
