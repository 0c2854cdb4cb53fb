import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const FIRST = (
  'Ana Bruno Carla Diego Elena Federico Gabriela Hector Ines Javier Karina Lucas Maria Nicolas Olivia ' +
  'Pablo Quimey Rocio Santiago Tamara Ulises Valeria Walter Ximena Yamila Zoe Agustin Belen Camila Dario ' +
  'Emilia Facundo Gonzalo Julieta Lautaro Martina Nahuel Paula Ramiro Sofia'
).split(' ');
const LAST = (
  'Garcia Rodriguez Gonzalez Fernandez Lopez Martinez Sanchez Perez Gomez Diaz Alvarez Romero Sosa Torres ' +
  'Ruiz Ramirez Flores Acosta Benitez Medina Herrera Suarez Aguirre Gimenez Gutierrez Pereyra Rojas Molina ' +
  'Castro Ortiz Silva Nunez Luna Juarez Cabrera Rios Ferreyra Godoy Morales Dominguez Moreno Peralta Vega ' +
  'Carrizo Quiroga Castillo Ledesma Muñoz Ojeda Ponce'
).split(' ');

/** D1 binds JS numbers as REAL; integer arithmetic and JSON paths need integer literals. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** First document of the synthetic patients; real documents of the demo stay far below. */
export const BENCH_DOCUMENT_BASE = 60_000_000;

/**
 * Local benchmark only: tops the database up to `total` synthetic patients in two
 * set-based statements (a recursive series inside SQLite), so 100,000 rows take seconds, not minutes.
 */
export async function seedBenchPatients(db: Db, total: number): Promise<{ patients: number }> {
  const first = JSON.stringify(FIRST);
  const last = JSON.stringify(LAST);
  const existing = await db.get<{ n: number }>(
    sql`select count(*) as n from users where email like 'bench-%@bench.test'`,
  );
  const from = (existing?.n ?? 0) + 1;
  if (from <= total) {
    await db.run(sql`
        -- search_name folded as searchNameOf does: the lists' only accented letter is the ñ of Muñoz.
        insert into users (email, user_type, name, last_name, search_name, document, street, number, city,
                           postal_code, birth, cellphone, telephone)
        with recursive seq(n) as (select ${int(from)} union all select n + 1 from seq where n < ${int(total)}),
        people as (
          select n,
                 json_extract(${first}, '$[' || (n % ${int(FIRST.length)}) || ']') as name,
                 json_extract(${last}, '$[' || ((n / ${int(FIRST.length)}) % ${int(LAST.length)}) || ']') as last_name
          from seq
        )
        select 'bench-' || n || '@bench.test', 'Patient', name, last_name,
               replace(lower(name || ' ' || last_name), 'ñ', 'n'),
               cast(${int(BENCH_DOCUMENT_BASE)} + n * 7 as text), 'Bench Street', cast(1 + n % 9999 as text),
               'Springfield', '1000', '1990-01-01', '1155550000', '1145550000'
        from people`);
    await db.run(sql`
        insert into patients (user_id, medical_service)
        select u.id, 'OSDE' from users u
        where u.email like 'bench-%@bench.test'
          and not exists (select 1 from patients p where p.user_id = u.id)`);
  }
  const count = await db.get<{ n: number }>(sql`select count(*) as n from patients`);
  return { patients: count?.n ?? 0 };
}
