import { Select } from './select';

/** "N per page" beside a paged list: the sizes it offers; a change goes back to the first page (the caller's onChange). */
export function PageSizeSelect({ label, sizes, value, onChange, testId }: { label: string; sizes: readonly number[]; value: number; onChange: (size: number) => void; testId: string }) {
  return (
    <label className="flex items-center gap-2 text-xs text-muted">
      {label}
      <Select value={String(value)} onChange={(e) => onChange(Number(e.target.value))} className="h-8 w-20" data-testid={testId}>
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
    </label>
  );
}
