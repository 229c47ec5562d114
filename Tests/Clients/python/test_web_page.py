"""The page the WebSocket port serves, in headless Chromium through Selenium's WebDriver: the
daemon is the field's source of truth, and its scroll answer is the field's scrollTop.

A typing session of more than 200 keystrokes (letters, Korean through composition events, emoji,
Return, Backspace) checks after every keystroke that the caret's rectangle, measured from the
browser's own layout, is inside the band above the simulated keyboard, and that scrollTop moved
by exactly one line height when Return was pressed on the last visible row and never otherwise.
Then the counter against the daemon's state, a paste over the limit under reject and truncate,
and a composition at the limit that must not be cut. A screenshot goes to .build/web-page.png."""

import os
import pathlib
import subprocess
import threading

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

BIN = os.environ["STABLETEXT_BIN"]
ROOT = pathlib.Path(__file__).resolve().parents[3]

# The caret's top in the field's content (padding included), from a mirror of the field laid out
# by the browser: the text before the caret, then a marker as tall as the line, at its top.
MEASURE = """
const e = document.getElementById('editor'), cs = getComputedStyle(e), m = document.createElement('div');
for (const p of ['fontFamily', 'fontSize', 'lineHeight', 'paddingTop', 'paddingLeft', 'paddingRight',
                 'borderTopWidth', 'borderLeftWidth', 'borderStyle', 'boxSizing', 'letterSpacing', 'tabSize'])
  m.style[p] = cs[p];
Object.assign(m.style, {position: 'absolute', visibility: 'hidden', whiteSpace: 'pre', top: '0', left: '0',
                        width: cs.width, height: 'auto'});
m.textContent = e.value.slice(0, e.selectionStart);
const marker = document.createElement('span');
marker.textContent = '\\u200b';
// A box as tall as the line, at its top: its rectangle is the caret's row.
Object.assign(marker.style, {display: 'inline-block', verticalAlign: 'top', height: cs.lineHeight});
m.appendChild(marker);
document.body.appendChild(m);
const caretTop = marker.offsetTop, caretHeight = marker.offsetHeight;
m.remove();
const p = window.stableTextPage;
return {scrollTop: e.scrollTop, caretTop, caretHeight, clientHeight: e.clientHeight, value: e.value,
        text: p.text, counter: document.getElementById('counter').textContent,
        placeholder: getComputedStyle(document.getElementById('placeholder')).display !== 'none',
        line: p.LINE, keyboard: p.KEYBOARD};
"""


@pytest.fixture(scope="module")
def browser():
    daemon = subprocess.Popen([BIN, "--websocket=0", "--log-level", "warning"], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = daemon.stderr.readline()
    assert "listening on ws://127.0.0.1:" in line, line
    threading.Thread(target=lambda: [None for _ in daemon.stderr], daemon=True).start()
    port = int(line.split("ws://127.0.0.1:")[1].split("/")[0])
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=720,640",
                     "--lang=en-US"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(30)
    driver.get(f"http://127.0.0.1:{port}/")
    driver.execute_async_script("window.stableTextPage.ready.then(arguments[arguments.length - 1])")
    yield driver
    driver.quit()
    daemon.terminate()
    daemon.wait(timeout=10)


def idle(driver):
    driver.execute_async_script("window.stableTextPage.idle().then(arguments[arguments.length - 1])")


def measure(driver):
    idle(driver)
    return driver.execute_script(MEASURE)


def daemon_state(driver):
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1], p = window.stableTextPage;"
        "p.request('stableText/state', {textDocument: {uri: p.uri}, includeText: true}).then(done);")


def compose(driver, steps, commit):
    """Korean through the input method's events: each step is marked text, then the commit."""
    for step in steps:
        driver.execute_cdp_cmd("Input.imeSetComposition", {"text": step, "selectionStart": len(step), "selectionEnd": len(step)})
    driver.execute_cdp_cmd("Input.insertText", {"text": commit})


def paste(driver, text):
    driver.execute_script(
        "const data = new DataTransfer(); data.setData('text/plain', arguments[0]);"
        "document.getElementById('editor').dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));",
        text)


def replace_all(driver, text):
    """The field's whole text replaced by a paste under allow; the policy select, to set next."""
    policy = Select(driver.find_element("id", "policy"))
    policy.select_by_value("allow")
    driver.execute_script("document.getElementById('editor').select()")
    paste(driver, text)
    return policy


def keystrokes():
    """More than 200 keystrokes: words, Korean syllables composed jamo by jamo, emoji, Return
    every few words, a Backspace now and then inside a line."""
    words = ["stable", "scroll", "caret", "keeps", "its", "row", "line", "height"]
    plan = []
    for n in range(40):
        kind = n % 6
        if kind == 2:
            plan.append(("compose", (["ㅎ", "하", "한"], "한")))
            plan.append(("compose", (["ㄱ", "그", "글"], "글")))
        elif kind == 4:
            plan.append(("insert", "👩‍👩‍👧"))
            plan.append(("insert", "🇰🇷"))
        else:
            for letter in words[n % len(words)]:
                plan.append(("key", letter))
            if n % 5 == 3:
                plan.append(("key", Keys.BACKSPACE))
        plan.append(("key", " "))
        if n % 2 == 1:
            plan.append(("key", Keys.ENTER))
    return plan


def test_typing_keeps_the_caret_above_the_keyboard_and_scrolls_one_line_per_return(browser):
    driver = browser
    Select(driver.find_element("id", "policy")).select_by_value("allow")
    editor = driver.find_element("id", "editor")
    before = measure(driver)
    assert before["placeholder"] and before["counter"] == "00/150"
    line, keyboard = before["line"], before["keyboard"]
    plan = keystrokes()
    assert len(plan) >= 200, len(plan)
    returns_that_scrolled = 0
    for index, (kind, value) in enumerate(plan):
        if kind == "key":
            editor.send_keys(value)
        elif kind == "insert":
            driver.execute_cdp_cmd("Input.insertText", {"text": value})
        else:
            compose(driver, *value)
        after = measure(driver)
        where = f"keystroke {index} ({kind} {value!r})"
        band_top, band_bottom = after["scrollTop"], after["scrollTop"] + after["clientHeight"] - keyboard
        assert after["caretHeight"] == line, where
        assert band_top <= after["caretTop"] and after["caretTop"] + line <= band_bottom, (where, after)
        moved = after["scrollTop"] - before["scrollTop"]
        if kind == "key" and value == Keys.ENTER:
            last_row = before["caretTop"] + 2 * line > before["scrollTop"] + before["clientHeight"] - keyboard
            assert moved == (line if last_row else 0), (where, before, after)
            returns_that_scrolled += last_row
        else:
            assert moved == 0, (where, before, after)
        assert after["value"] == after["text"], where
        before = after
    # The session went well past the view: many Returns scrolled, each by one line.
    assert returns_that_scrolled >= 5
    state = daemon_state(driver)
    assert before["counter"] == state["counter"] and state["overLimit"]
    assert state["text"] == before["value"]
    driver.save_screenshot(str(ROOT / ".build" / "web-page.png"))


def test_a_paste_over_the_limit_is_rejected_or_truncated(browser):
    driver = browser
    policy = replace_all(driver, "x" * 140)
    assert measure(driver)["counter"] == "140/150"
    policy.select_by_value("reject")
    paste(driver, " 👨‍👩‍👧‍👦 a family photo")
    rejected = measure(driver)
    assert rejected["counter"] == "140/150" and rejected["value"] == "x" * 140
    assert daemon_state(driver)["text"] == "x" * 140
    policy.select_by_value("truncate")
    paste(driver, " 👨‍👩‍👧‍👦 a family photo")
    cut = measure(driver)
    assert cut["value"] == "x" * 140 + " 👨‍👩‍👧‍👦 a famil"
    state = daemon_state(driver)
    assert state["text"] == cut["value"] and state["counter"] == cut["counter"] == "150/150"


def test_a_composition_at_the_limit_is_never_cut_in_a_syllable(browser):
    driver = browser
    policy = replace_all(driver, "y" * 148)
    policy.select_by_value("truncate")
    driver.execute_script("const e = document.getElementById('editor'); e.setSelectionRange(148, 148)")
    # Three syllables composed where two fit: the commit keeps two whole, never a jamo.
    compose(driver, ["ㅎ", "하", "한", "한ㄱ", "한그", "한글", "한글ㅇ", "한글이"], "한글이")
    done = measure(driver)
    state = daemon_state(driver)
    assert state["text"] == "y" * 148 + "한글" == done["value"]
    assert state["counter"] == done["counter"] == "150/150"
