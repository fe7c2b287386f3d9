import { Button, Card, Input, Rate, Space, Typography, message } from 'antd';
import { formatDate } from '../../../../../../shared/domain/dates';
import { useState } from 'react';
import type { AdminReview } from '../../../../../../shared/schemas/review';
import { Badge, type BadgeTone } from '../../../components/status-badge';
import { useModerateReview } from '../api/reviews';

// The house badges (AA contrast; antd's gold tag is below it).
const STATUS: Record<AdminReview['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting for approval', tone: 'amber' },
  approved: { label: 'Shown on the website', tone: 'green' },
  hidden: { label: 'Hidden', tone: 'grey' },
};

const day = (value: string) => formatDate(value);

/** REV-4: one review with Approve / Hide and the clinic's reply. */
export function ReviewCard({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  const [reply, setReply] = useState(review.reply ?? '');
  const [editing, setEditing] = useState(false);
  const run = (change: Parameters<typeof moderate.mutate>[0]['change'], done: string) =>
    moderate.mutate(
      { id: review.id, change },
      {
        onSuccess: () => {
          void message.success(done);
          setEditing(false);
        },
        onError: (err) => void message.error(err instanceof Error ? err.message : 'Could not save'),
      },
    );
  const status = STATUS[review.status];
  return (
    // UI-9: the stars, the name and the status share one header that wraps (a long name on a 375 px phone
    // pushed a separate status badge past the card's edge).
    <Card
      size="small"
      styles={{ title: { whiteSpace: 'normal', overflow: 'visible' } }}
      title={
        <Space wrap>
          <Rate disabled value={review.rating} aria-label={`${review.rating} of 5 stars`} />
          <span style={{ overflowWrap: 'anywhere' }}>{review.displayName}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {review.patientName} · visit of {day(review.visitDate)} · received {day(review.createdAt)}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{review.text || <em>No text, stars only.</em>}</Typography.Paragraph>
      {review.reply && !editing && (
        <Typography.Paragraph style={{ borderLeft: '3px solid #d9d9d9', paddingLeft: 12 }}>
          <strong>Your reply:</strong> {review.reply}
        </Typography.Paragraph>
      )}
      {editing && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 8 }}>
          <Input.TextArea aria-label="Reply" value={reply} maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => setReply(e.target.value)} />
          <Space>
            <Button type="primary" loading={moderate.isPending} onClick={() => run({ reply: reply.trim() || null }, 'Reply saved')}>
              Save reply
            </Button>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </Space>
        </Space>
      )}
      <Space wrap>
        {review.status !== 'approved' && (
          <Button type="primary" loading={moderate.isPending} onClick={() => run({ status: 'approved' }, 'Review approved: it is on the website')}>
            Approve
          </Button>
        )}
        {review.status !== 'hidden' && (
          <Button loading={moderate.isPending} onClick={() => run({ status: 'hidden' }, 'Review hidden')}>
            Hide
          </Button>
        )}
        {!editing && <Button onClick={() => setEditing(true)}>{review.reply ? 'Edit reply' : 'Reply'}</Button>}
      </Space>
    </Card>
  );
}
