import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { jsonText } from '../../common/db/columns';

/** One change to a catalogue entry. Written in the change's transaction; never updated or deleted. */
@Entity('audit_log')
@Index('IDX_audit_synonym_performed', ['synonymId', 'performedAt'])
@Index('IDX_audit_performed_by', ['performedBy', 'performedAt'])
@Index('IDX_audit_action_performed', ['action', 'performedAt'])
@Index('IDX_audit_performed_at', ['performedAt'])
export class AuditEntryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'synonym_id', type: 'integer' })
  synonymId: number;

  @Column({ type: 'varchar', length: 30 })
  action: string;

  @Column({ name: 'performed_by', type: 'varchar', length: 255 })
  performedBy: string;

  @Column({ name: 'performed_at', type: 'datetime', precision: 3 })
  performedAt: Date;

  @Column({ name: 'old_values', type: 'text', nullable: true, transformer: jsonText })
  oldValues: Record<string, unknown> | null;

  @Column({ name: 'new_values', type: 'text', nullable: true, transformer: jsonText })
  newValues: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true })
  reason: string | null;
}
