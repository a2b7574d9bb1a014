import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterSignIn, signInFor } from '../src/app/deep-link';
import { hrefWith } from '../src/app/navigation';
import { POPUP_MS, popupAtom, showPopup, store } from '../src/app/state';
import { calendarDateFormat, formatDate, formatDateTime, formatNumber } from '../src/lib/format/locale';
import { PopupMessage } from '../src/components/shell/feedback';
import { sortRows } from '../src/components/table/sort-rows';

describe('messages in the toast region (spec part 2 §4; docs/decisions/0040-toasts.md)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    store.set(popupAtom, null);
  });
  const shown = () => document.querySelector('.popup')?.textContent ?? null;

  it('a success stays long enough to read (5 s), and the time stops while the pointer is on it', () => {
    vi.useFakeTimers();
    render(<PopupMessage />);
    // The region is there before any message, so a screen reader announces each one.
    expect(screen.getByRole('region', { name: 'Messages' }).getAttribute('aria-live')).toBe('polite');
    act(() => showPopup('success', 'Department "Civil Engineering" successfully created'));
    expect(screen.getByRole('status').textContent).toContain('Civil Engineering');
    act(() => vi.advanceTimersByTime(POPUP_MS - 1));
    expect(POPUP_MS).toBeGreaterThanOrEqual(5000);
    expect(shown()).toContain('successfully created');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBeNull();
    act(() => showPopup('success', 'Course "CS3501" successfully updated'));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toContain('CS3501');
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(POPUP_MS));
    expect(shown()).toBeNull();
  });

  it('an error stays until dismissed, with its button or Escape', () => {
    vi.useFakeTimers();
    render(<PopupMessage />);
    act(() => showPopup('error', 'Not found'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert').textContent).toContain('Not found');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(shown()).toBeNull();
    act(() => showPopup('error', 'row 2, name: Required\nrow 3, name: Required'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toContain('row 3');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(shown()).toBeNull();
  });
});

describe("dates and numbers in the campus's locale", () => {
  it('writes a calendar day day-first in India and the UK, month-first in the US, never shifted by the time zone', () => {
    expect(formatDate('2026-11-21', 'en-IN')).toBe('21/11/2026');
    expect(formatDate('2026-11-21', 'en-GB')).toBe('21/11/2026');
    expect(formatDate('2026-11-21', 'en-US')).toBe('11/21/2026');
    expect(formatDate('2026-01-01', 'en-IN')).toBe('01/01/2026');
    expect(formatDate('not a date', 'en-IN')).toBe('not a date');
    expect(formatDateTime('2026-11-21T06:30:00Z', 'en-IN')).toMatch(/^\d\d\/11\/2026, /);
    expect(calendarDateFormat('en-IN')).toBe('dd/mm/yy');
    expect(calendarDateFormat('en-US')).toBe('mm/dd/yy');
  });
  it('groups numbers in lakhs in India', () => {
    expect(formatNumber(120000.5, 'en-IN')).toBe('1,20,000.5');
    expect(formatNumber(120000.5, 'en-US')).toBe('120,000.5');
    expect(formatNumber(2.456, 'en-IN')).toBe('2.46');
  });
});

describe('deep links and hint links', () => {
  it('comes back to the page asked for, only inside the app', () => {
    expect(signInFor('/attainment/students?curriculum=c1')).toBe('/?next=%2Fattainment%2Fstudents%3Fcurriculum%3Dc1');
    expect(signInFor('/dashboard')).toBe('/');
    expect(afterSignIn('/attainment/students?curriculum=c1')).toBe('/attainment/students?curriculum=c1');
    for (const away of [null, '', '/', '//evil.example/x', '/\\evil.example', 'https://evil.example/'])
      expect(afterSignIn(away), String(away)).toBe('/dashboard');
  });
  it('carries the chosen filters, leaving out empty ones', () => {
    expect(hrefWith('/attainment/students', { curriculum: 'c1', section: 'A' })).toBe('/attainment/students?curriculum=c1&section=A');
    expect(hrefWith('/attainment/students', { curriculum: 'c1', section: null, term: '' })).toBe('/attainment/students?curriculum=c1');
    expect(hrefWith('/assessments', {})).toBe('/assessments');
  });
});

describe('table sorting', () => {
  it('sorts numbers by value, codes naturally, blanks last either way, and keeps ties in order', () => {
    const codes = ['CO10', 'CO2', '', 'co1', 'CO2'];
    expect(sortRows(codes, (c) => c, 1)).toEqual(['co1', 'CO2', 'CO2', 'CO10', '']);
    expect(sortRows(codes, (c) => c, -1)).toEqual(['CO10', 'CO2', 'CO2', 'co1', '']);
    const levels = [{ v: 2.5 }, { v: null }, { v: 10 }, { v: 0.77 }];
    expect(sortRows(levels, (r) => r.v, 1).map((r) => r.v)).toEqual([0.77, 2.5, 10, null]);
  });
});
