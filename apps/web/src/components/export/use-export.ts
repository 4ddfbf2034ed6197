import type { ExportRequest } from '@backline/contract/endpoints/export';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/stores/toast-store';
import { useExportStore } from '@/stores/export-store';
import { fetchExport, saveFile } from './export-file';

/** Downloads an export, saves it, says so, and lists it among the session's recent exports. */
export function useExport() {
  const { t } = useTranslation();
  const add = useExportStore((s) => s.add);
  return useMutation({
    mutationFn: (request: ExportRequest) => fetchExport(request),
    onSuccess: (file, request) => {
      saveFile(file);
      toast.success(t('export.done', { file: file.fileName }));
      add({
        request,
        fileName: file.fileName,
        bytes: file.blob.size,
        at: new Date().toISOString(),
      });
    },
  });
}
