import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KioskBoard } from '../../domain/resources/kiosk-screen';
import type { CustomFieldProps } from './views-grid';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { cn } from '../ui/cn';
import { asBoards, boardLines, moveBoard, toggleBoard } from './kiosk-screen-logic';

/**
 * The boards of a kiosk screen (`kind: 'custom', component: 'kioskBoards'`): tick the boards the TV
 * shows; the ticked ones come first in playlist order and move up and down with the arrow buttons.
 */
export function KioskBoardsField({ value, onChange, disabled, labelId }: CustomFieldProps) {
  const { t } = useTranslation();
  const selected = asBoards(value);
  // a move that reaches an end disables the pressed arrow; keep the keyboard on the row's other arrow
  const move = (board: KioskBoard, delta: -1 | 1) => {
    const next = moveBoard(selected, board, delta);
    onChange(next);
    const at = next.indexOf(board);
    if (at === 0 || at === next.length - 1) requestAnimationFrame(() => document.getElementById(`kiosk-board-${board}-${at === 0 ? 'down' : 'up'}`)?.focus());
  };
  return (
    <ol aria-labelledby={labelId} className="flex flex-col gap-1 rounded-xl border border-border p-2 sm:max-w-md" data-testid="kiosk-boards">
      {boardLines(selected).map((line) => {
        const label = t(`resources.kioskScreen.boards.${line.board}`);
        const id = `kiosk-board-${line.board}`;
        const on = line.position !== null;
        return (
          <li key={line.board} className={cn('flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-surface-2', !on && 'text-muted')} data-testid={id}>
            <Checkbox
              id={id}
              checked={on}
              disabled={disabled}
              onCheckedChange={(next) => onChange(toggleBoard(selected, line.board, next))}
              aria-labelledby={`${id}-label`}
              data-testid={`${id}-check`}
            />
            <label id={`${id}-label`} htmlFor={id} className="min-w-0 flex-1 cursor-pointer truncate text-sm">
              {label}
            </label>
            <span className="w-6 text-right text-xs text-muted tabular-nums">
              {on ? line.position! + 1 : ''}
            </span>
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={disabled || !line.canMoveUp}
              id={`${id}-up`}
              onClick={() => move(line.board, -1)}
              aria-label={t('kioskAdmin.boards.moveUp', { name: label })}
              title={t('kioskAdmin.boards.moveUp', { name: label })}
              data-testid={`${id}-up`}
            >
              <ArrowUp />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={disabled || !line.canMoveDown}
              id={`${id}-down`}
              onClick={() => move(line.board, 1)}
              aria-label={t('kioskAdmin.boards.moveDown', { name: label })}
              title={t('kioskAdmin.boards.moveDown', { name: label })}
              data-testid={`${id}-down`}
            >
              <ArrowDown />
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
