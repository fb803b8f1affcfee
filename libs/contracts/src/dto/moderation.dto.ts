import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  type AdminListQuery,
  type AuditQuery,
  type CreateReportBody,
  MODERATION_REASON_MAX,
  ModerationMessages,
  type ModerationReasonBody,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportQuery,
  type ReportReason,
  type ReportStatus,
  type ResolveReportBody,
} from '../moderation';
import { Optional } from './rule';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/admin/users/{id}/disable, shops|products/{id}/hide: the reason the owner sees. */
export class ModerationReasonRequest implements ModerationReasonBody {
  @Transform(trim)
  @IsString({ message: ModerationMessages.reasonRequired })
  @IsNotEmpty({ message: ModerationMessages.reasonRequired })
  @MaxLength(MODERATION_REASON_MAX, {
    message: `The reason must be at most ${MODERATION_REASON_MAX} characters.`,
  })
  reason!: string;
}

/** POST /api/reports */
export class CreateReportRequest implements CreateReportBody {
  @IsString({ message: 'shopUrl is required' }) @MaxLength(100) shopUrl!: string;
  @Optional() @IsString() @MaxLength(40) shortCode?: string;
  @IsIn(REPORT_REASONS, { message: `reason must be one of: ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;
  @Optional()
  @Transform(trim)
  @IsString()
  @MaxLength(REPORT_DETAILS_MAX, {
    message: `details must be at most ${REPORT_DETAILS_MAX} characters`,
  })
  details?: string;
}

/** POST /api/admin/reports/{id}/resolve */
export class ResolveReportRequest implements ResolveReportBody {
  @IsIn(['hide', 'dismiss'], { message: 'action must be hide or dismiss' })
  action!: 'hide' | 'dismiss';
  @Optional()
  @Transform(trim)
  @IsString()
  @MaxLength(MODERATION_REASON_MAX, {
    message: `The reason must be at most ${MODERATION_REASON_MAX} characters.`,
  })
  reason?: string;
}

/** ?q=&cursor= */
export class AdminListQueryRequest implements AdminListQuery {
  @Optional() @Transform(trim) @IsString() @MaxLength(200) q?: string;
  @Optional() @IsString() @MaxLength(500) cursor?: string;
}

/** ?status=&cursor= */
export class ReportQueryRequest implements ReportQuery {
  @Optional()
  @IsIn(['open', 'hidden', 'dismissed'], { message: 'status must be open, hidden or dismissed' })
  status?: ReportStatus;
  @Optional() @IsString() @MaxLength(500) cursor?: string;
}

/** ?type=&actor=&subject=&from=&to=&cursor= */
export class AuditQueryRequest implements AuditQuery {
  @Optional() @IsString() @MaxLength(64) type?: string;
  @Optional() @Transform(trim) @IsString() @MaxLength(254) actor?: string;
  @Optional() @Transform(trim) @IsString() @MaxLength(254) subject?: string;
  @Optional() @IsISO8601({}, { message: 'from must be a date (ISO 8601)' }) from?: string;
  @Optional() @IsISO8601({}, { message: 'to must be a date (ISO 8601)' }) to?: string;
  @Optional() @IsString() @MaxLength(500) cursor?: string;
}
