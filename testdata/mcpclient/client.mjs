// Drives `archivist mcp` over stdio with the official TypeScript MCP client,
// as an assistant would: list the tools, call each one, and print what came
// back as one JSON object for the Go test to check.
//
// usage: node client.mjs ARCHIVIST LIBRARY DOCUMENT_ID QUESTION
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [bin, library, documentId, question] = process.argv.slice(2);
const transport = new StdioClientTransport({
  command: bin,
  args: ["--library", library, "mcp"],
  stderr: "inherit",
});
const client = new Client({ name: "archivist-ts-test", version: "1.0.0" });
await client.connect(transport);

const out = { server: client.getServerVersion(), tools: [], calls: {} };
const { tools } = await client.listTools();
out.tools = tools.map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint ?? false, hasOutputSchema: !!t.outputSchema }));

// What each call returned: the error flag, the kinds of content, the text,
// and the structured content (image data is reduced to its size).
async function call(name, args) {
  const res = await client.callTool({ name, arguments: args });
  out.calls[name] = {
    isError: !!res.isError,
    content: res.content.map((c) => (c.type === "image" ? { type: c.type, mimeType: c.mimeType, bytes: Buffer.from(c.data, "base64").length } : { type: c.type, text: c.text })),
    structured: res.structuredContent ?? null,
  };
}

await call("list_documents", {});
await call("search_documents", { query: "net sales" });
await call("get_evidence", { question, document_ids: [documentId] });
await call("ask", { question, document_ids: [documentId] });
await call("read_page", { document_id: documentId, page: 1 });

await client.close();
process.stdout.write(JSON.stringify(out));
