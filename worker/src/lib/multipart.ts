import { MSG } from '../contract/messages';
import { AppError } from './errors';

const enc = new TextEncoder();

/** How many times `needle` occurs in `hay` (occurrences cannot overlap: a boundary never does). */
function occurrences(hay: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] ?? 0;
  let found = 0;
  for (
    let i = hay.indexOf(first);
    i !== -1 && i <= hay.length - needle.length;
    i = hay.indexOf(first, i + 1)
  ) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j += 1;
    if (j === needle.length) {
      found += 1;
      i += needle.length - 1;
    }
  }
  return found;
}

/**
 * A `multipart/form-data` body, read as it streams in and refused before anything parses it:
 * - longer than `maxBytes` by its `Content-Length` or by what arrives: 413, nothing read past it;
 * - more than `maxParts` parts: 400 as soon as the delimiter of one part too many has arrived, so a
 *   body of 200,000 tiny parts costs a few kilobytes of reading, not seconds of parsing.
 * Under both limits the whole body (at most `maxBytes`) is parsed once into a FormData.
 */
export async function boundedFormData(
  req: Request,
  limits: { maxParts: number; maxBytes: number },
): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  const boundary = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  if (!boundary) throw new AppError('bad_request', MSG.completeAllFields);
  const length = Number(req.headers.get('content-length') ?? '0');
  if (length > limits.maxBytes) throw new AppError('too_large', MSG.tooLarge);
  if (!req.body) throw new AppError('bad_request', MSG.completeAllFields);
  // Each part starts with `--boundary`, and one more closes the body.
  const delimiter = enc.encode(`--${boundary[1] ?? boundary[2]}`);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let carry = new Uint8Array(0);
  let size = 0;
  let delimiters = 0;
  const refuse = async (err: AppError): Promise<never> => {
    await reader.cancel().catch(() => {});
    throw err;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limits.maxBytes) await refuse(new AppError('too_large', MSG.tooLarge));
    chunks.push(value);
    // A delimiter may straddle two chunks: the last bytes of the previous one are searched again.
    const window = new Uint8Array(carry.byteLength + value.byteLength);
    window.set(carry);
    window.set(value, carry.byteLength);
    delimiters += occurrences(window, delimiter);
    if (delimiters > limits.maxParts + 1) await refuse(new AppError('bad_request', MSG.tooManyParts));
    carry = window.slice(Math.max(0, window.byteLength - (delimiter.byteLength - 1)));
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('bad_request', MSG.completeAllFields);
  }
}
