"""`stabletext mcp` driven by the official MCP Python SDK (PyPI `mcp`) as its client.

The SDK negotiates as a client does: `mode="auto"` probes `server/discover` and stays on the
stateless revision (2026-07-28); `mode="legacy"` opens a session with `initialize` (2025-11-25),
and a session of 2025-06-18 is asked for by hand. The SDK checks every result against its own
types and each structured content against the tool's `outputSchema`, so this is a second,
independent opinion on the server. The binary is the one `swift test` built (STABLETEXT_BIN).
"""
import json
import os
import subprocess
import tempfile

import anyio
import mcp_types as types
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.session import ClientSession
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

BIN = os.environ["STABLETEXT_BIN"]
TOOLS = ["check_message", "fix_message", "explain_rules", "complete_header"]
CONVENTIONAL = '{"extends": ["@commitlint/config-conventional"], "rules": {"scope-enum": [2, "always", ["ui", "api"]]}}\n'


# The README's configuration block is this file: every test starts the server as an agent host
# given it would, `stabletext` found on PATH (the built binary's folder first).
with open(os.path.join(os.path.dirname(__file__), "mcp-servers.json")) as file:
    CONFIGURATION = json.load(file)["mcpServers"]["stabletext"]


def server(environment=None) -> StdioServerParameters:
    environment = dict(environment or os.environ)
    environment["PATH"] = os.path.dirname(BIN) + os.pathsep + environment.get("PATH", "")
    return StdioServerParameters(command=CONFIGURATION["command"], args=CONFIGURATION["args"], env=environment)


@pytest.fixture
def repository():
    """A git repository with a commitlint configuration and an identity, nothing from $HOME."""
    with tempfile.TemporaryDirectory() as root:
        work = os.path.join(root, "work")
        os.makedirs(work)
        environment = {**os.environ, "HOME": root, "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": root}
        for arguments in (["init", "-q"], ["config", "user.name", "Ada Lovelace"], ["config", "user.email", "ada@example.org"]):
            subprocess.run(["git", *arguments], cwd=work, env=environment, check=True)
        with open(os.path.join(work, ".commitlintrc.json"), "w") as file:
            file.write(CONVENTIONAL)
        with open(os.path.join(work, ".stabletext.json"), "w") as file:
            file.write('{"rules": {"requiredTrailers": ["Signed-off-by"]}}\n')
        yield work, environment


def git_status(work, environment) -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--ignored"], cwd=work, env=environment, capture_output=True, text=True
    ).stdout


def command_line(arguments, environment, stdin=None):
    return subprocess.run([BIN, *arguments], env=environment, input=stdin, capture_output=True, text=True)


async def test_auto_mode_discovers_the_stateless_revision(repository):
    work, environment = repository
    before = git_status(work, environment)
    async with Client(server(environment)) as client:
        assert client.session.protocol_version == "2026-07-28"
        assert client.session.discover_result is not None
        assert client.session.server_info.name == "stabletext"
        listed = await client.list_tools()
        assert [tool.name for tool in listed.tools] == TOOLS
        for tool in listed.tools:
            assert tool.input_schema["type"] == "object"
            assert tool.output_schema["type"] == "object"
        # The SDK validates the structured content against the output schema as it reads it.
        result = await client.call_tool("check_message", {"message": "foo: Add it.\n", "path": work})
        assert not result.is_error
        codes = [d["code"] for d in result.structured_content["files"][0]["diagnostics"]]
        assert "type-enum" in codes
        assert result.content[0].type == "text"
        assert "the commit-msg hook would refuse this message" in result.content[0].text
    assert git_status(work, environment) == before


async def test_structured_content_is_what_the_command_line_prints(repository):
    work, environment = repository
    message = "feat(ui): add the thing.\n\nBody.\n"
    before = git_status(work, environment)
    async with Client(server(environment)) as client:
        checked = await client.call_tool("check_message", {"message": message, "path": work})
        explained = await client.call_tool("explain_rules", {"path": work})
        fixed = await client.call_tool("fix_message", {"message": message, "path": work})
    assert git_status(work, environment) == before
    message_file = os.path.join(work, ".git", "COMMIT_EDITMSG")
    assert not os.path.exists(message_file)
    with open(message_file, "w") as file:
        file.write(message)
    cli = command_line(["check", "--format", "json", message_file], environment)
    assert checked.structured_content == json.loads(cli.stdout)
    rules = command_line(["rules", "--format", "json", message_file], environment)
    assert [explained.structured_content] == json.loads(rules.stdout)
    fix = command_line(["check", "--fix", "--format", "json", message_file], environment)
    with open(message_file) as file:
        written = file.read()
    assert fixed.structured_content["message"] == written
    assert "Signed-off-by: Ada Lovelace <ada@example.org>" in written
    assert fixed.structured_content["remaining"] == json.loads(fix.stdout)
    assert [f"{message_file}:{f['line']}: fixed {f['code']}" for f in fixed.structured_content["fixed"]] == fix.stderr.splitlines()


async def test_complete_header_offers_types_and_scopes(repository):
    work, environment = repository
    async with Client(server(environment)) as client:
        types_ = await client.call_tool("complete_header", {"header": "fe", "path": work})
        assert [item["label"] for item in types_.structured_content["items"]] == ["feat"]
        assert types_.structured_content["items"][0]["header"] == "feat: "
        assert types_.structured_content["items"][0]["detail"] == "94 of 100 UTF-16 code units left"
        scopes = await client.call_tool("complete_header", {"header": "feat(", "path": work})
        assert [item["header"] for item in scopes.structured_content["items"]] == ["feat(ui): ", "feat(api): "]


@pytest.mark.parametrize("asked, settled", [("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18")])
async def test_handshake_revisions(repository, asked, settled):
    work, environment = repository
    async with Client(server(environment), mode="legacy") as client:
        # The SDK opened the session with the newest handshake revision.
        assert client.session.protocol_version == "2025-11-25"
        assert client.session.initialize_result.server_info.name == "stabletext"
        await client.session.send_ping()
        listed = await client.list_tools()
        assert [tool.name for tool in listed.tools] == TOOLS
        result = await client.call_tool("check_message", {"message": "Add the thing\n"})
        assert result.structured_content["files"][0]["diagnostics"] == []
    # A client asking for another handshake revision gets that one, and goes on in it.
    async with stdio_client(server(environment)) as (read, write):
        async with ClientSession(read, write) as session:
            answer = await session.send_request(
                types.InitializeRequest(
                    params=types.InitializeRequestParams(
                        protocol_version=asked,
                        capabilities=types.ClientCapabilities(),
                        client_info=types.Implementation(name="pytest", version="1"),
                    )
                ),
                types.InitializeResult,
            )
            assert answer.protocol_version == settled
            session.adopt(answer)
            await session.send_notification(types.InitializedNotification())
            assert session.protocol_version == settled
            result = await session.call_tool("explain_rules", {"path": work})
            assert result.structured_content["covered"] is True


async def test_a_tools_failure_names_the_argument(repository):
    work, environment = repository
    async with Client(server(environment)) as client:
        result = await client.call_tool("check_message", {"message": "x", "path": "/no/such/place"})
        assert result.is_error
        assert result.content[0].text == "params.arguments.path: no such file or folder: /no/such/place"
        result = await client.call_tool("fix_message", {"message": 5, "path": work})
        assert result.is_error
        assert result.content[0].text == "params.arguments.message: expected a string, got an integer"
        with pytest.raises(MCPError) as raised:
            await client.call_tool("no_such_tool", {})
        assert raised.value.error.code == -32602
        assert raised.value.error.message.startswith("params.name: unknown tool no_such_tool;")
        # The server goes on.
        result = await client.call_tool("check_message", {"message": "Add the thing\n"})
        assert not result.is_error


async def test_a_cancelled_call_is_not_answered_and_the_server_goes_on(repository):
    work, environment = repository
    async with Client(server(environment)) as client:
        with anyio.move_on_after(0):
            await client.call_tool("check_message", {"message": "Add the thing\n" * 10000, "path": work})
        result = await client.call_tool("explain_rules", {"path": work})
        assert not result.is_error
        assert result.structured_content["covered"] is True
