// The Study Swamp mark: a lily pad with an orange sun, drawn inline so it needs no asset.
import styles from './logo-mark.module.css';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#0b2a20" />
      <path d="M16 5a11 11 0 1 0 10.4 7.4L16 16z" fill="#4c9a5b" />
      <path d="M16 16 9 9.5M16 16l-9 3M16 16l1 10" stroke="#2f6b3c" strokeWidth="1.2" strokeLinecap="round" />
      <circle cx="21.5" cy="10.5" r="3.2" fill="#FA4616" />
    </svg>
  );
}
