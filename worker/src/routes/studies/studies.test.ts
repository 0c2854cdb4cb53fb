import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkAnswer } from '../../../test/answers';
import {
  addPatient,
  call,
  type ErrorBody,
  ORIGIN,
  seed,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import { app } from '../../app';
import type { Study } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import { STUDY_MAX_BYTES } from '../../contract/studies';
import { JSON_LIMIT } from '../../lib/http';

let medic: string;
let patient: string;
let otherPatientId: number;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function form(
  fields: Record<string, string | string[]>,
  file?: { bytes: Uint8Array; name: string },
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(key, one);
  }
  if (file) data.append('file', new File([file.bytes], file.name, { type: 'application/pdf' }));
  return data;
}

async function upload(body: FormData, token?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await SELF.fetch(`${ORIGIN}/api/studies`, { method: 'POST', headers, body });
  await checkAnswer('POST', `${ORIGIN}/api/studies`, res);
  return res;
}

const studyCount = async (): Promise<number> =>
  (await env.DB.prepare('select count(*) as n from studies').first<{ n: number }>())?.n ?? 0;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  otherPatientId = await addPatient(medic, {
    name: 'Ralph',
    lastName: 'Wiggum',
    document: '44000001',
    email: 'ralph@clinic.test',
    cellphone: '1155550606',
    telephone: '1145550606',
    birth: '2011-01-01',
  });
});

describe('POST /api/studies', () => {
  test('a medic uploads a PDF; it is stored in R2 and served to the medic and the owning patient', async () => {
    const res = await upload(
      form(
        { patient: '1', studyType: 'laboratory', description: 'Blood count' },
        { bytes: PDF, name: 'hemo.pdf' },
      ),
      medic,
    );
    expect(res.status).toBe(201);
    const study = await res.json<Study>();
    expect(study).toMatchObject({
      studyType: 'laboratory',
      description: 'Blood count',
      patient: 1,
      fileName: 'hemo.pdf',
    });
    expect(study.attach).toBe(`/api/studies/${study.ID}/file`);

    const list = await call('/api/studies/search?id=1', { token: patient });
    expect(list.status).toBe(200);
    expect((await list.json<Study[]>()).map((s) => s.ID)).toContain(study.ID);

    for (const token of [medic, patient]) {
      const file = await call(study.attach ?? '', { token });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('cache-control')).toBe('no-store');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    }
  });

  test('a study file is answered sandboxed (Content-Security-Policy: sandbox), so a PDF never runs as the app', async () => {
    // mutation tried: without the header the file answer has no CSP of its own
    const res = await upload(
      // another patient's folder: the tests below count the demo patient's stored files
      form(
        { patient: String(otherPatientId), studyType: 'laboratory', description: 'Sandboxed' },
        { bytes: PDF, name: 'x.pdf' },
      ),
      medic,
    );
    const study = await res.json<Study>();
    const file = await call(study.attach ?? '', { token: medic });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
  });

  test('?validate=true on an upload answers the error map and stores nothing', async () => {
    // mutation tried: without the dry-run branch the valid upload below is stored (201)
    const before = await studyCount();
    const send = async (body: FormData): Promise<Response> => {
      const url = `${ORIGIN}/api/studies?validate=true`;
      const res = await SELF.fetch(url, {
        method: 'POST',
        headers: { origin: ORIGIN, authorization: `Bearer ${medic}` },
        body,
      });
      await checkAnswer('POST', url, res);
      return res;
    };
    const bad = await send(form({ patient: '1', description: 'No type' }));
    expect(bad.status).toBe(200);
    expect(Object.keys((await bad.json<ErrorBody>()).errors)).toContain('studyType');
    const good = await send(
      form({ patient: '1', studyType: 'laboratory', description: 'Dry run' }, { bytes: PDF, name: 'd.pdf' }),
    );
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ errors: {} });
    expect(await studyCount()).toBe(before);
  });

  test('a study without a file has attach null', async () => {
    const res = await upload(
      form({ patient: '1', studyType: 'complementary', description: 'Referred' }),
      medic,
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ attach: null, studyType: 'complementary' });
  });

  test('a file that is not a PDF by content is 415, whatever its name; nothing is written', async () => {
    const before = await studyCount();
    const res = await upload(
      form(
        { patient: '1', studyType: 'laboratory', description: 'x' },
        { bytes: new TextEncoder().encode('<html>not a pdf</html>'), name: 'fake.pdf' },
      ),
      medic,
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'unsupported_media_type', msg: MSG.pdfOnly });
    expect(await studyCount()).toBe(before);
    expect((await env.STUDIES.list({ prefix: 'studies/1/' })).objects).toHaveLength(1);
  });

  test('a PDF over 20 MB is 413 and nothing is stored', async () => {
    const before = await studyCount();
    const big = new Uint8Array(STUDY_MAX_BYTES + 1);
    big.set(PDF);
    const res = await upload(
      form({ patient: '1', studyType: 'laboratory', description: 'x' }, { bytes: big, name: 'big.pdf' }),
      medic,
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'too_large', msg: MSG.fileTooLarge });
    expect(await studyCount()).toBe(before);
  });

  test('a body far over the limit is refused with 413 before it is read', async () => {
    const huge = new Uint8Array(STUDY_MAX_BYTES + 200 * 1024);
    huge.set(PDF);
    const res = await upload(
      form({ patient: '1', studyType: 'laboratory', description: 'x' }, { bytes: huge, name: 'h.pdf' }),
      medic,
    );
    expect(res.status).toBe(413);
  });

  test.each([
    [
      { patient: '1', studyType: ['laboratory', 'complementary'], description: 'x' },
      'studyType',
      MSG.onlyOneStudy,
    ],
    [{ patient: '1', description: 'x' }, 'studyType', MSG.completeAllFields],
    [{ patient: '1', studyType: 'xray', description: 'x' }, 'studyType', MSG.completeAllFields],
    [{ patient: '1', studyType: 'laboratory', description: '  ' }, 'description', MSG.completeAllFields],
    [{ studyType: 'laboratory', description: 'x' }, 'patient', MSG.completeAllFields],
  ])('%o answers %s: %s', async (fields, key, msg) => {
    const res = await upload(form(fields), medic);
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors[key]?.msg).toBe(msg);
  });

  test('a patient cannot add studies (403); nobody gets 401; unknown patient 404', async () => {
    const fields = { patient: '1', studyType: 'laboratory', description: 'x' };
    expect((await upload(form(fields), patient)).status).toBe(403);
    expect((await upload(form(fields))).status).toBe(401);
    expect((await upload(form({ ...fields, patient: '999999' }), medic)).status).toBe(404);
  });
});

describe('POST /api/studies with JSON: a study kept elsewhere, by its link', () => {
  const LINK = 'https://lab.example.org/results/4471?view=pdf';

  test("SPEC's body {description, studyType, patient, attach} stores the https link as given, shown as a link", async () => {
    const objects = (await env.STUDIES.list()).objects.length;
    const body = { description: 'Panoramic X-ray', studyType: 'complementary', patient: 1, attach: LINK };
    const res = await call('/api/studies', { token: medic, body });
    expect(res.status).toBe(201);
    const study = await res.json<Study>();
    expect(study).toMatchObject({
      attach: LINK,
      link: true,
      fileName: null,
      patient: 1,
      studyType: 'complementary',
    });
    // stored as a link: no file here, and the listing gives the link back as it came
    expect((await env.STUDIES.list()).objects.length).toBe(objects);
    const list = await (await call('/api/studies/search?id=1', { token: patient })).json<Study[]>();
    expect(list.find((s) => s.ID === study.ID)).toMatchObject({ attach: LINK, link: true });
    // no file to stream for a link
    expect((await call(`/api/studies/${study.ID}/file`, { token: medic })).status).toBe(404);
  });

  test('a link that is not https, or a missing field, is 422 under its field and writes nothing', async () => {
    const before = await studyCount();
    for (const attach of [
      'http://lab.example.org/x',
      'javascript:alert(1)',
      'https://user:pw@lab.example.org/',
      '',
    ]) {
      const res = await call('/api/studies', {
        token: medic,
        body: { description: 'X-ray', studyType: 'complementary', patient: 1, attach },
      });
      expect(res.status, attach).toBe(422);
      expect((await res.json<ErrorBody>()).errors.attach?.msg, attach).toBe(
        attach === '' ? MSG.completeAllFields : MSG.studyLinkHttps,
      );
    }
    const missing = await call('/api/studies', { token: medic, body: { attach: LINK } });
    expect(missing.status).toBe(422);
    expect(Object.keys((await missing.json<ErrorBody>()).errors).sort()).toEqual([
      'description',
      'patient',
      'studyType',
    ]);
    const dry = await call('/api/studies?validate=true', {
      token: medic,
      body: { description: 'X-ray', studyType: 'complementary', patient: 1, attach: LINK },
    });
    expect(await dry.json()).toEqual({ errors: {} });
    expect(await studyCount()).toBe(before);
    // the write's own checks run too: an unknown patient is 404, as the write answers
    const unknown = await call('/api/studies?validate=true', {
      token: medic,
      body: { description: 'X-ray', studyType: 'complementary', patient: 999999, attach: LINK },
    });
    expect(unknown.status).toBe(404);
    // and the patient's access log has no 'added a study' for a dry run
    const logged = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'create study' and patient_id = 1 and status = 200",
    ).first<{ n: number }>();
    expect(logged?.n).toBe(0);
  });

  test("a link's body over JSON's 1 MB is 413, with or without a Content-Length, and writes nothing", async () => {
    const before = await studyCount();
    const big = JSON.stringify({
      description: 'x'.repeat(JSON_LIMIT),
      studyType: 'complementary',
      patient: 1,
      attach: LINK,
    });
    const sized = await call('/api/studies', { token: medic, body: big });
    expect(sized.status).toBe(413);
    expect(await sized.json()).toMatchObject({ error: 'too_large', msg: MSG.tooLarge });
    const bytes = new TextEncoder().encode(big);
    const streamed = new Request(`${ORIGIN}/api/studies`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${medic}`, 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
      // @ts-expect-error: workerd's RequestInit takes duplex like the browsers' does
      duplex: 'half',
    });
    const res = await app.fetch(streamed, env, { waitUntil() {}, passThroughOnException() {}, props: {} });
    expect(res.status).toBe(413);
    expect(await studyCount()).toBe(before);
  });

  test('a body neither JSON nor multipart is 415, like any other write, and writes nothing', async () => {
    const before = await studyCount();
    const res = await call('/api/studies', {
      token: medic,
      body: `attach=${LINK}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      error: 'unsupported_media_type',
      msg: MSG.unsupportedMediaType,
    });
    expect(await studyCount()).toBe(before);
  });

  test('a patient cannot add one (403), an unknown patient is 404, broken JSON is 400', async () => {
    const body = { description: 'X-ray', studyType: 'laboratory', patient: 1, attach: LINK };
    expect((await call('/api/studies', { token: patient, body })).status).toBe(403);
    expect((await call('/api/studies', { token: medic, body: { ...body, patient: 999999 } })).status).toBe(
      404,
    );
    expect((await call('/api/studies', { token: medic, body: '{"attach":' })).status).toBe(400);
  });
});

describe('GET /api/studies/search and /api/studies/:id/file', () => {
  test("another patient's studies and files are 404 to a patient; reads are audited", async () => {
    const res = await upload(
      form(
        { patient: String(otherPatientId), studyType: 'laboratory', description: 'x' },
        { bytes: PDF, name: 'a.pdf' },
      ),
      medic,
    );
    const study = await res.json<Study>();
    expect((await call(`/api/studies/search?id=${otherPatientId}`, { token: patient })).status).toBe(404);
    expect((await call(`/api/studies/${study.ID}/file`, { token: patient })).status).toBe(404);
    expect((await call(`/api/studies/${study.ID}/file`)).status).toBe(401);
    const audit = await env.DB.prepare(
      "select patient_id, status from audit_log where action = 'read study file' and user_id = 2 order by id desc",
    ).first();
    expect(audit).toEqual({ patient_id: otherPatientId, status: 404 });
  });

  test('an unknown study is 404; a patient with no studies gets an empty list', async () => {
    expect((await call('/api/studies/999999/file', { token: medic })).status).toBe(404);
    const res = await call(`/api/studies/search?id=${otherPatientId}`, { token: medic });
    expect(res.status).toBe(200);
    expect((await call('/api/studies/search?id=999999', { token: medic })).status).toBe(404);
  });
});

describe('POST /api/studies: the shape of the multipart body', () => {
  test('a body of 20,000 studyType parts is refused as too many parts', async () => {
    const data = new FormData();
    data.append('patient', '1');
    for (let i = 0; i < 20_000; i++) data.append('studyType', 'laboratory');
    const res = await upload(data, await signInMedic());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_request', msg: MSG.tooManyParts });
  }, 60_000);

  /**
   * A 200,000-part body (about 13 MB) made as it is read, chunk by chunk, sent straight to the app
   * in this isolate: `pulled` tells how much of it the server read before answering.
   */
  function manyParts(headers: Record<string, string> = {}) {
    const boundary = 'probe-boundary';
    const part = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="studyType"\r\n\r\nlaboratory\r\n`,
    );
    const parts = 200_000;
    const perChunk = 1000;
    let sent = 0;
    const state = { pulled: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= parts) return controller.close();
        const chunk = new Uint8Array(part.byteLength * perChunk);
        for (let i = 0; i < perChunk; i++) chunk.set(part, i * part.byteLength);
        sent += perChunk;
        state.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${ORIGIN}/api/studies`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
      body,
      // @ts-expect-error: workerd's RequestInit takes duplex like the browsers' does
      duplex: 'half',
    });
    return { request, state, total: part.byteLength * parts };
  }

  test('200,000 tiny parts are refused while streaming: 400 after reading a sliver of the body', async () => {
    const token = await signInMedic();
    const { request, state, total } = manyParts({ authorization: `Bearer ${token}` });
    const started = Date.now();
    const res = await app.fetch(request, env, { waitUntil() {}, passThroughOnException() {}, props: {} });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_request', msg: MSG.tooManyParts });
    expect(state.pulled).toBeLessThan(total / 50);
    // not a timed test, a bound far above the answer's few milliseconds and below seconds of parsing
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('a Content-Length over the upload limit is refused (413) before the body is read', async () => {
    const token = await signInMedic();
    const { request, state, total } = manyParts({
      authorization: `Bearer ${token}`,
      'content-length': String(STUDY_MAX_BYTES * 2),
    });
    const res = await app.fetch(request, env, { waitUntil() {}, passThroughOnException() {}, props: {} });
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThan(total / 50);
  });

  test('a body past the upload limit without a Content-Length is refused (413) as it streams', async () => {
    const token = await signInMedic();
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-',
    );
    const chunk = new Uint8Array(1024 * 1024).fill(97);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 40) return controller.close();
        controller.enqueue(pulled === 1 ? head : chunk);
      },
    });
    const request = new Request(`${ORIGIN}/api/studies`, {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=b',
      },
      body,
      // @ts-expect-error: workerd's RequestInit takes duplex like the browsers' does
      duplex: 'half',
    });
    const res = await app.fetch(request, env, { waitUntil() {}, passThroughOnException() {}, props: {} });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(25);
  });

  test('a repeated field other than studyType is refused', async () => {
    const data = form({ patient: '1', studyType: 'laboratory', description: 'x' });
    data.append('patient', '2');
    const res = await upload(data, await signInMedic());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_request', msg: MSG.repeatedField });
  });
});
