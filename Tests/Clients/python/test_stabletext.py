"""The standard LSP methods of stabletext, driven by pygls' client through pytest-lsp.

pytest-lsp also checks every message the server sends against the LSP specification and the
client capabilities it declared, so this is a second, independent opinion on our protocol.
The binary is the one `swift test` built (STABLETEXT_BIN).
"""
import os
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

BIN = os.environ["STABLETEXT_BIN"]
URI = "file:///pytest/COMMIT_EDITMSG"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "--stdio", "--log-level", "warning"]))
async def client(lsp_client: LanguageClient):
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
                code_action=types.CodeActionClientCapabilities(
                    code_action_literal_support=types.ClientCodeActionLiteralOptions(
                        code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix])
                    ),
                    is_preferred_support=True,
                ),
                diagnostic=types.DiagnosticClientCapabilities(),
            ),
        ),
        initialization_options={"rules": {"maxLength": 20}, "overrides": [{"languageId": "gitcommit", "rules": {"maxLength": 10}}]},
    )
    result = await lsp_client.initialize_session(params)
    assert result.server_info.name == "stabletext"
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert result.capabilities.hover_provider is True
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, text: str, language_id: str = "gitcommit", version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id=language_id, version=version, text=text)
        )
    )


async def publish(client: LanguageClient) -> types.PublishDiagnosticsParams:
    return await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def test_over_limit_diagnostic(client: LanguageClient):
    open_document(client, "안녕하세요 👋🏽 world")
    params = await publish(client)
    assert params.version == 1
    [diagnostic] = params.diagnostics
    assert diagnostic.code == "over-limit"
    assert diagnostic.source == "stabletext"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.message == "13/10 characters: 3 over the limit"
    # The 11th character is "r" in "world": UTF-16 5 + 1 + 4 (👋🏽) + 1 + 2 = 13.
    assert diagnostic.range.start == types.Position(line=0, character=13)
    assert diagnostic.range.end == types.Position(line=0, character=16)


async def test_incremental_changes_and_empty_after_trim(client: LanguageClient):
    open_document(client, "short")
    assert list((await publish(client)).diagnostics) == []
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=5)),
                    text=" \t ",
                )
            ],
        )
    )
    params = await publish(client)
    assert params.version == 2
    assert [d.code for d in params.diagnostics] == ["empty-after-trim"]
    assert params.diagnostics[0].severity == types.DiagnosticSeverity.Warning


async def test_pull_diagnostics(client: LanguageClient):
    open_document(client, "x" * 12)
    await publish(client)
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert report.kind == "full"
    assert [d.code for d in report.items] == ["over-limit"]
    again = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=URI), previous_result_id=report.result_id)
    )
    assert again.kind == "unchanged"
    assert again.result_id == report.result_id


async def test_code_actions(client: LanguageClient):
    open_document(client, "  twelve chars!")
    params = await publish(client)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
            context=types.CodeActionContext(diagnostics=params.diagnostics),
        )
    )
    # The trim fix belongs to empty-after-trim alone: leading spaces in a text that is not blank
    # get none.
    assert [a.title for a in actions] == ["Truncate to 10 characters"]
    truncate = actions[0]
    assert truncate.kind == types.CodeActionKind.QuickFix
    assert truncate.is_preferred is True
    [edit] = truncate.edit.changes[URI]
    assert edit.range == types.Range(start=types.Position(line=0, character=10), end=types.Position(line=0, character=15))
    assert edit.new_text == ""


async def test_trim_fix_of_a_blank_text(client: LanguageClient):
    # A commit message nobody has edited gets no empty-after-trim: the text is made blank by an edit.
    open_document(client, "x")
    await publish(client)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=" \t ")],
        )
    )
    params = await publish(client)
    assert [d.code for d in params.diagnostics] == ["empty-after-trim"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            range=types.Range(start=types.Position(line=0, character=1), end=types.Position(line=0, character=1)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert [a.title for a in actions] == ["Trim leading and trailing whitespace"]
    [edit] = actions[0].edit.changes[URI]
    assert edit.range == types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=3))
    assert edit.new_text == ""
    assert [d.code for d in actions[0].diagnostics] == ["empty-after-trim"]


async def test_hover_line_of_a_commit_message(client: LanguageClient):
    # COMMIT_EDITMSG gets the gitCommit preset by its name whatever the language (the built-in
    # override comes after initializationOptions.rules, so there is no whole-text limit): hover
    # shows the subject line against its 50 columns, in the Markdown the client asked for.
    open_document(client, "seven!!", language_id="plaintext")
    await publish(client)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=3))
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.contents.value == "Line 1: **7/50** columns"


async def test_close_clears_diagnostics(client: LanguageClient):
    open_document(client, "x" * 30)
    assert len((await publish(client)).diagnostics) == 1
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    params = await publish(client)
    assert list(params.diagnostics) == []
    assert params.version is None
