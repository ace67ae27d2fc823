"""What the pygls drivers (lsp_client.py, lsp_nav_client.py) share: the hang guard, waiting for
a document's next diagnostics, and shutting the server down."""
import asyncio

from lsprotocol import types

# Each wait is bounded: a hang guard, not a timing.
GUARD = 60


def diagnostics_waiter(client, unstructured=True):
    """Records every publishDiagnostics; returns `next_diagnostics(uri)`, which waits for the
    next one of that document (as plain JSON values when `unstructured`)."""
    published = {}
    arrived = {}

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams):
        value = client.protocol._converter.unstructure(params.diagnostics) if unstructured else params.diagnostics
        published.setdefault(params.uri, []).append(value)
        arrived.setdefault(params.uri, asyncio.Event()).set()

    async def next_diagnostics(uri):
        event = arrived.setdefault(uri, asyncio.Event())
        await asyncio.wait_for(event.wait(), GUARD)
        event.clear()
        return published[uri][-1]

    return next_diagnostics


async def shut_down(client, out):
    """`shutdown`, `exit`, and the server's exit code into `out["exitCode"]`."""
    await asyncio.wait_for(client.shutdown_async(None), GUARD)
    client.exit(None)
    await asyncio.wait_for(client.stop(), GUARD)
    out["exitCode"] = client._server.returncode
