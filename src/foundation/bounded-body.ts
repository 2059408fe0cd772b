// Reading a request body within the size the server accepts (MAX_BODY_BYTES): a declared
// Content-Length above it is refused at once, and an undeclared (chunked) body is refused
// as soon as it passes the limit, before more of it is buffered. Both transports use it:
// /v1 on Node's request stream, the dashboard on the fetch Request's stream.
import { AppError } from "./errors.ts";

export async function readBoundedBody(
  body: AsyncIterable<Uint8Array>,
  declaredLength: string | null | undefined,
  limit: number,
): Promise<Buffer<ArrayBuffer>> {
  const tooLarge = () => new AppError("payload_too_large", `Request body exceeds ${limit} bytes`);
  const declared = Number(declaredLength);
  if (declaredLength && Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (the throw) closes the stream: nothing more is read.
  try {
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The body stream broke: the client went away or the server's request deadline closed
    // the connection (its 408 is already answered). Not a server error.
    throw new AppError("request_timeout", "The request body was not received: the connection closed");
  }
  return Buffer.concat(chunks);
}
