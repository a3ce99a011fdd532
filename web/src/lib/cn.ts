import { type ClassValue, clsx } from 'clsx';
import { classMerge } from './class-merge';

/** Joins class names and lets later Tailwind classes override earlier ones (`cn('px-2', 'px-4')` → `px-4`). */
export function cn(...inputs: ClassValue[]): string {
  return classMerge(clsx(inputs));
}
