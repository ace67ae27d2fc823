"""Drives `checkout lsp` with pygls's language client (a third-party LSP client from PyPI).

  lsp_client.py CHECKOUT FILE...
  lsp_client.py --workspace CHECKOUT DIR

Starts `CHECKOUT lsp` as a child process, initializes, opens each FILE (its text as read,
version 1), waits for the diagnostics published for it, then makes one incremental edit to the
first FILE (inserting a comment line at its top, so every diagnostic must move down a line),
closes it, shuts the server down and sends exit. Prints one JSON object on stdout:
{"capabilities": {...}, "opened": {PATH: [diagnostic, ...]}, "changed": [...], "closed": [...],
"exitCode": N}. Each wait is bounded (a hang guard, not a timing): 60 s.

With --workspace, DIR holds base.yaml, child.yaml (extends base.yaml), child.scenarios.yaml
(runs child.yaml) and BROKEN_BASE, SELLING_BASE and MISTAKE (texts). The client names DIR as
its workspace folder, opens child.yaml and child.scenarios.yaml, then opens base.yaml with
BROKEN_BASE's text (not saved: the open text wins over the disk) and waits for the diagnostics
published for the child; changes the base to SELLING_BASE's text and waits for the scenarios
file's; then opens mistake.scenarios.yaml with MISTAKE's text. Prints {"child": {"opened": …,
"afterBaseBroke": …}, "scenarios": {"opened": …, "afterBaseSold": …}, "mistake": …,
"exitCode": N}.

.ci/test installs pygls 2.1.1 into .build/consumers-venv; LSPClientTests runs this with that
environment's Python (or CHECKOUT_CONSUMERS_VENV's)."""
import asyncio
import json
import pathlib
import sys

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from lsp_support import GUARD, diagnostics_waiter, shut_down



async def main(checkout, paths):
    client = LanguageClient("checkout-lsp-test", "1")
    next_diagnostics = diagnostics_waiter(client)

    await client.start_io(checkout, "lsp")
    result = await asyncio.wait_for(
        client.initialize_async(types.InitializeParams(process_id=None, root_uri=None, capabilities=types.ClientCapabilities())),
        GUARD,
    )
    client.initialized(types.InitializedParams())
    out = {"capabilities": client.protocol._converter.unstructure(result.capabilities), "opened": {}}
    uris = []
    for path in paths:
        uri = pathlib.Path(path).absolute().as_uri()
        uris.append(uri)
        text = pathlib.Path(path).read_text(encoding="utf-8")
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
        )
        out["opened"][path] = await next_diagnostics(uri)

    first = uris[0]
    edit = types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        text="# é😀 an edit from the client\n",
    )
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=first, version=2), content_changes=[edit]
        )
    )
    out["changed"] = await next_diagnostics(first)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=first)))
    out["closed"] = await next_diagnostics(first)

    await shut_down(client, out)
    json.dump(out, sys.stdout, ensure_ascii=False)


async def workspace(checkout, directory):
    folder = pathlib.Path(directory).absolute()
    client = LanguageClient("checkout-lsp-test", "1")
    next_diagnostics = diagnostics_waiter(client)

    def uri(name):
        return (folder / name).as_uri()

    def text(name):
        return (folder / name).read_text(encoding="utf-8")

    def open_document(name, content):
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri(name), language_id="yaml", version=1, text=content))
        )

    await client.start_io(checkout, "lsp")
    await asyncio.wait_for(
        client.initialize_async(
            types.InitializeParams(
                process_id=None,
                root_uri=folder.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)],
                capabilities=types.ClientCapabilities(),
            )
        ),
        GUARD,
    )
    client.initialized(types.InitializedParams())
    out = {"child": {}, "scenarios": {}}
    open_document("child.yaml", text("child.yaml"))
    out["child"]["opened"] = await next_diagnostics(uri("child.yaml"))
    open_document("child.scenarios.yaml", text("child.scenarios.yaml"))
    out["scenarios"]["opened"] = await next_diagnostics(uri("child.scenarios.yaml"))

    open_document("base.yaml", text("BROKEN_BASE"))
    out["child"]["afterBaseBroke"] = await next_diagnostics(uri("child.yaml"))
    await next_diagnostics(uri("child.scenarios.yaml"))

    whole = types.TextDocumentContentChangeWholeDocument(text=text("SELLING_BASE"))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri("base.yaml"), version=2), content_changes=[whole]
        )
    )
    out["scenarios"]["afterBaseSold"] = await next_diagnostics(uri("child.scenarios.yaml"))
    open_document("mistake.scenarios.yaml", text("MISTAKE"))
    out["mistake"] = await next_diagnostics(uri("mistake.scenarios.yaml"))

    await shut_down(client, out)
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    if sys.argv[1] == "--workspace":
        asyncio.run(workspace(sys.argv[2], sys.argv[3]))
    else:
        asyncio.run(main(sys.argv[1], sys.argv[2:]))
