"""Writes a payload whose function nests DEPTH scf.execute_region ops, or, with
--lsp, the same text as a didOpen of an LSP session (initialize, didOpen,
shutdown, exit) for loom-lsp-server."""
import json
import sys

depth = int(sys.argv[1])
text = ("func.func @f() {\n" + "scf.execute_region {\n" * depth
        + "scf.yield\n}\n" * depth + "return\n}\n")
if "--lsp" not in sys.argv:
    sys.stdout.write(text)
    sys.exit(0)
messages = [
    {"jsonrpc": "2.0", "id": 0, "method": "initialize",
     "params": {"processId": 123, "rootPath": "loom", "capabilities": {}, "trace": "off"}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen",
     "params": {"textDocument": {"uri": "test:///deep.mlir", "languageId": "mlir",
                                 "version": 1, "text": text}}},
    {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
]
for message in messages:
    body = json.dumps(message)
    sys.stdout.write(f"Content-Length: {len(body)}\r\n\r\n{body}")
