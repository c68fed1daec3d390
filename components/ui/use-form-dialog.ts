'use client';
// A dialog that holds a form: whether it is open, and the form reset each time it opens or closes, so it
// never shows the last attempt's values or errors again.
import { useState } from 'react';

export function useFormDialog(reset: () => void) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    reset();
  };
  return { open, onOpenChange, close: () => onOpenChange(false) };
}
