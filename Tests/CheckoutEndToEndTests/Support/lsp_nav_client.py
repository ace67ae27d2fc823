"""Drives `checkout lsp`'s code actions, completion, rename and go to definition with pygls's
language client (a third-party LSP client from PyPI).

  lsp_nav_client.py SCRIPT.json

SCRIPT is {"checkout": BINARY, "mistakes": PATH, "flow": PATH, "routeAt": [LINE, CHARACTER],
"renameAt": [LINE, CHARACTER], "newName": NAME, "extendsAt": [LINE, CHARACTER]} (0-based lines,
UTF-16 characters). The driver starts `BINARY lsp`, initializes, and:

1. opens MISTAKES and waits for its diagnostics;
2. asks for the code actions of the whole file (with those diagnostics as the context),
   applies the first one's edit to its copy of the text, sends the edit as an incremental
   change, and waits for the diagnostics again;
3. opens FLOW and asks for completion at routeAt, for the hover and the references (with the
   declaration) at renameAt, for the document's symbols, then for a rename at renameAt to NAME,
   and applies the rename's edits to its copy of FLOW's text and to the other files it edits;
4. asks for the definition at extendsAt;
5. shuts the server down and sends exit.

Prints one JSON object: {"mistakes": [...], "actions": [...], "fixed": [...], "fixedText": TEXT,
"completion": [...], "hover": {...}, "references": [...], "symbols": [...], "rename": {...}, "renamedText": TEXT, "renamedOthers": {URI: TEXT}, "definition": ..., "exitCode": N}.
Each wait is bounded (a hang guard, not a timing): 60 s."""
import asyncio
import json
import pathlib
import sys
import urllib.parse

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from lsp_support import GUARD, diagnostics_waiter, shut_down



def offset(text, position):
    """The string index of an LSP position (UTF-16 characters)."""
    lines = text.splitlines(keepends=True)
    start = sum(len(line) for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    i = 0
    while i < len(line) and units < position.character and line[i] not in "\r\n":
        units += 2 if ord(line[i]) > 0xFFFF else 1
        i += 1
    return start + i


def apply(text, edits):
    """`text` with `edits` applied, the last first (as an editor applies a WorkspaceEdit)."""
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(text, edit.range.start)] + edit.new_text + text[offset(text, edit.range.end) :]
    return text


async def main(script):
    client = LanguageClient("checkout-lsp-nav-test", "1")
    next_diagnostics = diagnostics_waiter(client, unstructured=False)

    def plain(value):
        return client.protocol._converter.unstructure(value)

    def position(pair):
        return types.Position(line=pair[0], character=pair[1])

    await client.start_io(script["checkout"], "lsp")
    await asyncio.wait_for(
        client.initialize_async(types.InitializeParams(process_id=None, root_uri=None, capabilities=types.ClientCapabilities())),
        GUARD,
    )
    client.initialized(types.InitializedParams())
    out = {}

    # 1–2: ten mistakes, then one code action applied.
    mistakes = pathlib.Path(script["mistakes"]).absolute()
    uri = mistakes.as_uri()
    text = mistakes.read_text(encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
    )
    diagnostics = await next_diagnostics(uri)
    out["mistakes"] = plain(diagnostics)
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=len(text.splitlines()), character=0))
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=whole,
                context=types.CodeActionContext(diagnostics=diagnostics),
            )
        ),
        GUARD,
    )
    out["actions"] = plain(actions)
    edits = actions[0].edit.changes[uri]
    out["fixedText"] = apply(text, edits)
    changes = [
        types.TextDocumentContentChangePartial(range=e.range, text=e.new_text)
        for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
    ]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2), content_changes=changes
        )
    )
    out["fixed"] = plain(await next_diagnostics(uri))

    # 3: completion of a route target, and a rename.
    flow = pathlib.Path(script["flow"]).absolute()
    flow_uri = flow.as_uri()
    flow_text = flow.read_text(encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=flow_uri, language_id="yaml", version=1, text=flow_text))
    )
    out["flowDiagnostics"] = plain(await next_diagnostics(flow_uri))
    completion = await asyncio.wait_for(
        client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=flow_uri), position=position(script["routeAt"]))
        ),
        GUARD,
    )
    items = completion.items if isinstance(completion, types.CompletionList) else completion
    out["completion"] = plain(items)
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=flow_uri), position=position(script["renameAt"]))
        ),
        GUARD,
    )
    out["hover"] = plain(hover)
    references = await asyncio.wait_for(
        client.text_document_references_async(
            types.ReferenceParams(
                text_document=types.TextDocumentIdentifier(uri=flow_uri),
                position=position(script["renameAt"]),
                context=types.ReferenceContext(include_declaration=True),
            )
        ),
        GUARD,
    )
    out["references"] = plain(references)
    symbols = await asyncio.wait_for(
        client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=flow_uri))
        ),
        GUARD,
    )
    out["symbols"] = plain(symbols)
    rename = await asyncio.wait_for(
        client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=flow_uri),
                position=position(script["renameAt"]),
                new_name=script["newName"],
            )
        ),
        GUARD,
    )
    out["rename"] = plain(rename)
    out["renamedText"] = apply(flow_text, rename.changes[flow_uri])
    # The rename's edits of other files (the flow's scenario files), applied to them as on disk.
    out["renamedOthers"] = {
        uri: apply(pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(uri).path)).read_text(encoding="utf-8"), edits)
        for uri, edits in rename.changes.items()
        if uri != flow_uri
    }

    # 4: go to the extends: target.
    definition = await asyncio.wait_for(
        client.text_document_definition_async(
            types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=flow_uri), position=position(script["extendsAt"]))
        ),
        GUARD,
    )
    out["definition"] = plain(definition)

    await shut_down(client, out)
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    asyncio.run(main(json.loads(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))))
