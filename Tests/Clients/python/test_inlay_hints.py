"""Inlay hints (Protocol/README.md, "Inlay hints") through pygls' client: the hints' shapes are
read into lsprotocol's own `InlayHint` type (and pytest-lsp checks every message the server sends
against the LSP specification and the capabilities declared, so a refresh sent to a client that
did not ask for it would fail here), and the whole-text counter is the very string
`stableText/state` gives and hover shows, in every unit the daemon counts in.
"""
import atexit
import os
import shutil
import subprocess
import tempfile
import tomllib

import pytest_lsp
from lsprotocol import types
from lsprotocol.converters import get_converter
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

BIN = os.environ["STABLETEXT_BIN"]
MESSAGE_URI = "file:///pytest-hints/.git/COMMIT_EDITMSG"
MESSAGE = "feat: add the parser\n\nA body line that is fine.\n# a comment\n"
CONVERTER = get_converter()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "--stdio", "--log-level", "warning"]))
async def client(lsp_client: LanguageClient):
    lsp_client.refreshes = []

    @lsp_client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def refresh(params):
        lsp_client.refreshes.append(params)
        return None

    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
            text_document=types.TextDocumentClientCapabilities(
                inlay_hint=types.InlayHintClientCapabilities(),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.PlainText]),
            ),
            workspace=types.WorkspaceClientCapabilities(
                inlay_hint=types.InlayHintWorkspaceClientCapabilities(refresh_support=True)
            ),
        ),
        initialization_options={"defaults": "editor", "rules": {"inlayHints": "all"}},
    )
    result = await lsp_client.initialize_session(params)
    assert result.capabilities.inlay_hint_provider is True
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, uri: str, text: str, language_id: str) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language_id, version=1, text=text)
        )
    )


def whole(lines: int) -> types.Range:
    return types.Range(start=types.Position(line=0, character=0), end=types.Position(line=lines, character=0))


async def hints(client: LanguageClient, uri: str, lines: int) -> list:
    answer = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=uri), range=whole(lines))
    )
    return list(answer or [])


async def test_hint_shapes_are_lsprotocols(client: LanguageClient):
    open_document(client, MESSAGE_URI, MESSAGE, "gitcommit")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    got = await hints(client, MESSAGE_URI, 5)
    assert all(isinstance(hint, types.InlayHint) for hint in got)
    # Written back and read again as lsprotocol's type: nothing is lost or extra.
    assert [CONVERTER.structure(CONVERTER.unstructure(hint), types.InlayHint) for hint in got] == got
    assert got == [
        types.InlayHint(
            position=types.Position(line=0, character=20), label="20/50",
            tooltip="Line 1: 20/50 columns", padding_left=True,
        ),
        types.InlayHint(
            position=types.Position(line=2, character=25), label="25/72",
            tooltip="Line 3: 25/72 columns", padding_left=True,
        ),
    ]


async def units(client: LanguageClient, uri: str) -> list:
    """The units the daemon counts in, as its own error for a unit it does not know lists them."""
    try:
        await client.protocol.send_request_async(
            "stableText/configure", {"textDocument": {"uri": uri}, "rules": {"unit": "no-such-unit"}}
        )
    except JsonRpcException as error:
        message = str(error)
    listed = message.split("expected one of ", 1)[1].split(", got", 1)[0]
    return [name.strip().strip('"') for name in listed.replace(" or ", ", ").split(",") if name.strip()]


async def test_the_counter_is_states_and_hovers_in_every_unit(client: LanguageClient):
    uri = "file:///pytest-hints/counted.txt"
    text = "he\u0301llo 👋🏽 漢\tz — ﷽\r\n"
    open_document(client, uri, text, "plaintext")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    every = await units(client, uri)
    assert {"graphemes", "utf16", "columns", "sms", "twitter"} <= set(every)
    for unit in every:
        await client.protocol.send_request_async(
            "stableText/configure", {"textDocument": {"uri": uri}, "rules": {"maxLength": 150, "unit": unit}}
        )
        state = await client.protocol.send_request_async("stableText/state", {"textDocument": {"uri": uri}})
        hover = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=0)
            )
        )
        [counter] = await hints(client, uri, 1)
        assert counter.position == types.Position(line=1, character=0), unit
        assert counter.label == state.counter, unit
        assert hover.contents.value.startswith(counter.label + " "), (unit, hover.contents.value)
        assert hover.contents.value.startswith(counter.tooltip), (unit, hover.contents.value)


async def test_a_configuration_change_asks_for_a_refresh(client: LanguageClient):
    open_document(client, MESSAGE_URI, MESSAGE, "gitcommit")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"stableText": {"rules": {"inlayHints": "off"}}})
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert len(client.refreshes) == 1
    assert await hints(client, MESSAGE_URI, 5) == []


# Helix (not packaged by Debian 12, so not run here) as editors/helix configures it: the server's
# command line and `config` from editors/helix/languages.toml, and what Helix's client says in
# `initialize` (helix-lsp's client.rs: position encodings utf-8, utf-32, utf-16; inlay hints
# without refresh; hover in Markdown), in a repository whose team writes Conventional Commits.
HELIX = tomllib.load(open(os.path.join(os.path.dirname(__file__), "../../../editors/helix/languages.toml"), "rb"))
HELIX_SERVER = HELIX["language-server"]["stabletext"]
TEAM = tempfile.mkdtemp(prefix="pytest-helix-")
atexit.register(shutil.rmtree, TEAM, True)
subprocess.run(["git", "init", "-q", TEAM], check=True)
with open(os.path.join(TEAM, ".commitlintrc.json"), "w") as team_file:
    team_file.write('{"extends": ["@commitlint/config-conventional"]}\n')
HELIX_URI = "file://" + os.path.join(TEAM, ".git", "COMMIT_EDITMSG")
TEMPLATE = "\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored.\n"


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[BIN] + HELIX_SERVER["args"]),
)
async def helix(lsp_client: LanguageClient):
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(
            general=types.GeneralClientCapabilities(
                position_encodings=[
                    types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf32,
                    types.PositionEncodingKind.Utf16,
                ]
            ),
            text_document=types.TextDocumentClientCapabilities(
                inlay_hint=types.InlayHintClientCapabilities(dynamic_registration=False),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
                completion=types.CompletionClientCapabilities(),
            ),
            workspace=types.WorkspaceClientCapabilities(
                inlay_hint=types.InlayHintWorkspaceClientCapabilities(refresh_support=False)
            ),
        ),
        initialization_options=HELIX_SERVER["config"],
    )
    result = await lsp_client.initialize_session(params)
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    yield
    await lsp_client.shutdown_session()


async def test_helix_gets_the_counter_completion_and_quiet(helix: LanguageClient):
    assert HELIX_SERVER["command"] == "stabletext" and HELIX_SERVER["config"] == {"defaults": "editor"}
    helix.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=HELIX_URI, language_id="git-commit", version=0, text=TEMPLATE)
        )
    )
    # git's template, untouched: no warning, and no counter (no subject yet, no whole-text limit).
    await helix.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(helix.diagnostics[HELIX_URI]) == []
    assert await hints(helix, HELIX_URI, 3) == []
    # Completion on line 1: the types, with what each leaves of commitlint's 100.
    offered = await helix.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=HELIX_URI), position=types.Position(line=0, character=0)
        )
    )
    feat = next(item for item in offered.items if item.label == "feat")
    assert feat.detail == "94 of 100 UTF-16 code units left"
    helix.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=HELIX_URI, version=1),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
                    text="feat(cli): add a thing",
                )
            ],
        )
    )
    # The counter by commitlint's header-max-length, as hover says it.
    assert await hints(helix, HELIX_URI, 3) == [
        types.InlayHint(
            position=types.Position(line=0, character=22), label="22/100",
            tooltip="Line 1: 22/100 UTF-16 code units", padding_left=True,
        )
    ]
    hover = await helix.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=HELIX_URI), position=types.Position(line=0, character=3))
    )
    assert hover.contents.value == "Line 1: **22/100** UTF-16 code units"
    assert list(helix.diagnostics[HELIX_URI]) == []
