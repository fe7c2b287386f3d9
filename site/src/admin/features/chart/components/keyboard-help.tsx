import { Modal } from 'antd';
import { keyboardMap } from '../chart-keys';

// CHART-11: the keyboard map, shown with "?".
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Chart keys" footer={null} onCancel={onClose} width={560} destroyOnHidden>
      <table className="key-table">
        <tbody>
          {keyboardMap.map((k) => (
            <tr key={k.keys}>
              <th scope="row">
                <kbd>{k.keys}</kbd>
              </th>
              <td>{k.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
