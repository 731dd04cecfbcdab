/**
 * FHIR R4 search: the date parameters' values, a page of results as a searchset `Bundle`, and an
 * error as an `OperationOutcome`. Pure.
 */
import type { Bundle, BundleEntry, BundleLink, OperationOutcome, Resource } from 'fhir/r4';
import { isCalendarDate, type YearRange } from '../contracts/calendar-date.js';

/** A date search value's comparison and the half-open range [start, end) its precision covers. */
export interface DateBound {
  prefix: 'eq' | 'ge' | 'gt' | 'le' | 'lt';
  start: Date;
  end: Date;
}

const DATE_VALUE = /^(eq|ge|gt|le|lt)?(\d{4})(?:-(\d{2})(?:-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** Midnight UTC of a day; `setUTCFullYear` because `Date.UTC` reads years 0-99 as 1900-1999. */
function utcDay(year: number, monthIndex: number, day: number): Date {
  const d = new Date(Date.UTC(2000, monthIndex, day));
  d.setUTCFullYear(year, monthIndex, day);
  return d;
}

/**
 * Reads a FHIR date search value (`[prefix]YYYY[-MM[-DD[Thh:mm[:ss]zone]]]`): the comparison and
 * the range its precision covers (a day, a month, a year, or the instant). Null when it is not one:
 * not that shape, not a real day (the calendar-date contract's check), or its year outside `range`
 * (by default any year 0001-9999), so no value is silently read as another date.
 */
export function parseDateParam(value: string, range?: YearRange): DateBound | null {
  const m = DATE_VALUE.exec(value);
  if (!m) return null;
  const prefix = (m[1] ?? 'eq') as DateBound['prefix'];
  const [year, month, day] = [Number(m[2]), m[3] ? Number(m[3]) : null, m[4] ? Number(m[4]) : null];
  // The first day the value names stands for it: a real day, its year in range.
  if (!isCalendarDate(`${m[2]}-${m[3] ?? '01'}-${m[4] ?? '01'}`, range)) return null;
  if (m[5]) {
    const start = new Date(`${m[2]}-${m[3]}-${m[4]}${m[5]}`);
    if (Number.isNaN(start.getTime())) return null;
    return { prefix, start, end: new Date(start.getTime() + 1) };
  }
  const start = utcDay(year, (month ?? 1) - 1, day ?? 1);
  const end = day !== null ? utcDay(year, month! - 1, day + 1) : month !== null ? utcDay(year, month, 1) : utcDay(year + 1, 0, 1);
  return { prefix, start, end };
}

/**
 * The instants a date search value accepts, as a half-open range: from `from` (inclusive, none:
 * no lower end) to `before` (exclusive, none: no upper end). `gt` and `le` are judged by the end
 * of the value's precision (`gt2026-01-15` is from the 16th), `ge` and `lt` by its start.
 */
export function dateRange(bound: DateBound): { from?: Date; before?: Date } {
  switch (bound.prefix) {
    case 'eq':
      return { from: bound.start, before: bound.end };
    case 'ge':
      return { from: bound.start };
    case 'gt':
      return { from: bound.end };
    case 'le':
      return { before: bound.end };
    case 'lt':
      return { before: bound.start };
  }
}

/** Whether the instant `at` matches a date search value ({@link dateRange}). */
export function dateMatches(at: Date, bound: DateBound): boolean {
  const { from, before } = dateRange(bound);
  return (!from || at.getTime() >= from.getTime()) && (!before || at.getTime() < before.getTime());
}

/** A page of a search: the resources of the page, where it starts and how many match in all. */
export interface SearchPage {
  resources: Resource[];
  total: number;
  offset: number;
  count: number;
  /** The search's URL without `_offset` and `_count` (absolute), for the Bundle's links. */
  selfUrl: URL;
}

const withPaging = (base: URL, offset: number, count: number) => {
  const url = new URL(base);
  url.searchParams.set('_count', String(count));
  url.searchParams.set('_offset', String(offset));
  return url.toString();
};

/** A search's answer: a searchset Bundle with its total and its self, next and previous links. */
export function searchsetBundle(page: SearchPage, fullUrlBase: string): Bundle {
  const link: BundleLink[] = [{ relation: 'self', url: withPaging(page.selfUrl, page.offset, page.count) }];
  if (page.offset + page.count < page.total) link.push({ relation: 'next', url: withPaging(page.selfUrl, page.offset + page.count, page.count) });
  if (page.offset > 0) link.push({ relation: 'previous', url: withPaging(page.selfUrl, Math.max(0, page.offset - page.count), page.count) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: page.total,
    link,
    entry: page.resources.map((resource) => entryOf(resource, fullUrlBase)),
  };
}

/** A Bundle entry with its full URL and search mode. */
export function entryOf(resource: Resource, fullUrlBase: string, mode: 'match' | 'include' = 'match'): BundleEntry {
  return { fullUrl: `${fullUrlBase}/${resource.resourceType}/${resource.id}`, resource, search: { mode } };
}

/** FHIR issue codes the server answers with. */
export type OutcomeCode = 'login' | 'forbidden' | 'not-found' | 'invalid' | 'throttled' | 'exception' | 'business-rule' | 'not-supported';

/** An error as an `OperationOutcome`. */
export function operationOutcome(code: OutcomeCode, diagnostics: string, severity: 'error' | 'fatal' = 'error'): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}
